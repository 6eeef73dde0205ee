import { TRAFFIC_PAGE_BYTES, type TrafficEntry, type TrafficPage } from '../../../shared/traffic.js';
import { toInlineEntry } from './inline-entry.js';
import type { TrafficRecord } from './traffic-record.js';

export interface PageQuery {
  afterSeq?: number | undefined;
  limit?: number | undefined;
  methods?: readonly string[] | undefined;
}

/** Room an entry's fields take besides its message or text, roughly. */
const ENTRY_OVERHEAD = 400;

/** About how many bytes an inline entry takes when serialized (messages with `raw` carry the text twice). */
function sentBytes(entry: TrafficEntry): number {
  if (entry.kind === 'http') return ENTRY_OVERHEAD + JSON.stringify(entry.http ?? null).length;
  if (entry.message !== undefined) return ENTRY_OVERHEAD + entry.size * (entry.raw === undefined ? 1 : 2);
  return ENTRY_OVERHEAD + (entry.text?.length ?? 0);
}

/**
 * One page of the record for the window: entries after `afterSeq` in their inline form (large
 * messages as previews), stopping at `limit` entries or about TRAFFIC_PAGE_BYTES, whichever
 * comes first. At least one entry goes out when there is one, so paging always moves on.
 */
export function trafficPage(record: TrafficRecord, query: PageQuery, maxBytes = TRAFFIC_PAGE_BYTES): TrafficPage {
  const methods = query.methods ? new Set(query.methods) : undefined;
  const limit = query.limit ?? Number.POSITIVE_INFINITY;
  const entries: TrafficEntry[] = [];
  let bytes = 0;
  let more = false;
  record.forEachAfter(query.afterSeq ?? 0, (entry) => {
    if (methods && (entry.method === undefined || !methods.has(entry.method))) return true;
    const inline = toInlineEntry(entry, entry.raw);
    const cost = sentBytes(inline);
    if (entries.length >= limit || (entries.length > 0 && bytes + cost > maxBytes)) {
      more = true;
      return false;
    }
    entries.push(inline);
    bytes += cost;
    return true;
  });
  return { entries, dropped: record.dropped, ...(more ? { more } : {}) };
}
