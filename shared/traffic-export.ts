/** Reading a whole traffic export, piece by piece (`traffic.export`), for the window and the CLI. */
import type { TrafficExportPiece, TrafficExportQuery } from './traffic.js';

/**
 * Asks for pieces until the last; returns their texts in order (join them, or make a Blob of them).
 * The export ends where the log ended at the first piece, however busy the log is meanwhile.
 */
export async function collectExport(
  ask: (query: TrafficExportQuery) => Promise<TrafficExportPiece>,
  which: Pick<TrafficExportQuery, 'seqs' | 'serverId'> = {},
): Promise<string[]> {
  const parts: string[] = [];
  let next: TrafficExportQuery = { ...which };
  for (;;) {
    const piece = await ask(next);
    if (piece.text !== '') parts.push(piece.text);
    if (piece.nextAfterSeq === null) return parts;
    next = { ...next, afterSeq: piece.nextAfterSeq, throughSeq: piece.throughSeq };
  }
}
