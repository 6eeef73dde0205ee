import { buildHar, type HarExport, type HarSource } from '../../../shared/har.js';
import type { TrafficEntry } from '../../../shared/traffic.js';
import { redactSecrets } from './redact-secrets.js';
import type { TrafficLog } from './traffic-log.js';

/** A HAR is one JSON document: past this many exchanges (or bytes of bodies) the rest are left out, and the log says so. */
const MAX_EXCHANGES = 20_000;
const MAX_BODY_BYTES = 256 * 1024 * 1024;

/**
 * HAR 1.2 of every HTTP exchange in the log (since it was last cleared), read piece by piece as
 * the JSON Lines export reads it (older entries from disk), giving the event loop back between
 * pieces. Each MCP POST gets its JSON-RPC request and answer through `carriedSeq`.
 */
export async function exportHar(traffic: Pick<TrafficLog, 'exportPiece' | 'get'>, secrets: readonly string[], version: string): Promise<HarExport> {
  const exchanges: TrafficEntry[] = [];
  const answerOf = new Map<number, number>();
  let truncated: string | undefined;
  let query: { afterSeq?: number; throughSeq?: number } = {};
  for (;;) {
    const piece = traffic.exportPiece(query, []);
    for (const line of piece.text.split('\n')) {
      if (line === '') continue;
      const entry = JSON.parse(line) as TrafficEntry;
      if (entry.kind === 'http' && entry.http) {
        if (exchanges.length < MAX_EXCHANGES) exchanges.push(entry);
        else truncated ??= `Only the first ${MAX_EXCHANGES} HTTP exchanges are in this file.`;
      } else if ((entry.kind === 'response' || entry.kind === 'error') && entry.requestSeq !== undefined) {
        answerOf.set(entry.requestSeq, entry.seq);
      }
    }
    if (piece.nextAfterSeq === null) break;
    query = { afterSeq: piece.nextAfterSeq, throughSeq: piece.throughSeq };
    await new Promise((resolve) => setImmediate(resolve));
  }
  const sources: HarSource[] = [];
  let bodyBytes = 0;
  for (const http of exchanges) {
    const request = http.carriedSeq === undefined ? undefined : traffic.get(http.carriedSeq);
    const answerSeq = http.carriedSeq === undefined ? undefined : answerOf.get(http.carriedSeq);
    const response = answerSeq === undefined ? undefined : traffic.get(answerSeq);
    bodyBytes += (request?.size ?? 0) + (response?.size ?? 0);
    if (bodyBytes > MAX_BODY_BYTES) {
      truncated = `The exchanges after ${sources.length} were left out: their bodies pass ${MAX_BODY_BYTES / 1024 / 1024} MB.`;
      break;
    }
    sources.push({ http, ...(request ? { request } : {}), ...(response ? { response } : {}) });
  }
  const har = buildHar(sources, { name: 'MCP Loupe', version }, truncated);
  return { text: redactSecrets(JSON.stringify(har, null, 1), secrets), exchanges: sources.length, ...(truncated ? { truncated } : {}) };
}
