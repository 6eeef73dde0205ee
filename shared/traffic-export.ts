/** Reading a whole traffic export, piece by piece (`traffic.export`), for the window and the CLI. */
import type { TrafficExportPiece } from './traffic.js';

export interface ExportQuery {
  seqs?: number[];
  afterSeq?: number;
}

/** Asks for pieces until the last; returns their texts in order (join them, or make a Blob of them). */
export async function collectExport(ask: (query: ExportQuery) => Promise<TrafficExportPiece>, seqs?: number[]): Promise<string[]> {
  const parts: string[] = [];
  let afterSeq: number | undefined;
  for (;;) {
    const piece = await ask({ ...(seqs ? { seqs } : {}), ...(afterSeq !== undefined ? { afterSeq } : {}) });
    if (piece.text !== '') parts.push(piece.text);
    if (piece.nextAfterSeq === null) return parts;
    afterSeq = piece.nextAfterSeq;
  }
}
