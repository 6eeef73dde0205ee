import type { RowFilter } from '../../../shared/filter/traffic-filter.js';
import { TRAFFIC_PAGE_BYTES, type TrafficEntry, type TrafficPage } from '../../../shared/traffic.js';
import { toInlineEntry } from './inline-entry.js';
import type { RecordRows } from './record-rows.js';
import type { TrafficRecord } from './traffic-record.js';

export interface PageQuery {
  afterSeq?: number | undefined;
  /** The newest entries before this seq instead (a number past the newest gives the newest page). */
  beforeSeq?: number | undefined;
  limit?: number | undefined;
  methods?: readonly string[] | undefined;
}

/** A filter compiled over the record's rows, for a page asked with `beforeSeq`. */
export interface PageFilter {
  rows: RecordRows;
  test: RowFilter;
}

/** How long one filtered page may scan before it answers with what it has (and where it stopped). */
export const FILTER_SCAN_MS = 100;
/** Entries between two looks at the clock while scanning. */
const CLOCK_STRIDE = 512;

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

/**
 * The newest entries before `beforeSeq`, in their inline form and oldest first, within the same
 * bounds as `trafficPage`; `more` says older ones are kept. With a filter only the rows that
 * match come (a request with its answer, when the answer is in the range too), and the scan stops
 * after FILTER_SCAN_MS: `scannedFrom` says where, so the next page goes on from there.
 */
export function olderPage(record: TrafficRecord, query: PageQuery, filter?: PageFilter, maxBytes = TRAFFIC_PAGE_BYTES): TrafficPage {
  const beforeSeq = query.beforeSeq ?? Number.POSITIVE_INFINITY;
  const limit = query.limit ?? Number.POSITIVE_INFINITY;
  const picked: TrafficEntry[] = [];
  let bytes = 0;
  let rows = 0;
  let stoppedAt: number | undefined;
  const started = performance.now();
  let visited = 0;
  const take = (entry: TrafficEntry): boolean => {
    const inline = toInlineEntry(entry, entry.raw);
    const cost = sentBytes(inline);
    if (rows >= limit || (picked.length > 0 && bytes + cost > maxBytes)) return false;
    picked.push(inline);
    bytes += cost;
    return true;
  };
  record.forEachBefore(beforeSeq, (entry) => {
    if (filter && ++visited % CLOCK_STRIDE === 0 && performance.now() - started > FILTER_SCAN_MS) {
      stoppedAt = entry.seq + 1;
      return false;
    }
    if (!filter) {
      if (!take(entry)) {
        stoppedAt = entry.seq + 1;
        return false;
      }
      rows++;
      return true;
    }
    if (!filter.rows.isRow(entry.seq) || !(filter.test.matchesAll || filter.test.test(entry.seq))) return true;
    const answer = filter.rows.partner(entry.seq);
    const room = rows < limit && (picked.length === 0 || bytes < maxBytes);
    if (!room) {
      stoppedAt = entry.seq + 1;
      return false;
    }
    if (answer >= 0 && answer < beforeSeq) take(record.get(answer)!);
    take(entry);
    rows++;
    return true;
  });
  picked.sort((a, b) => a.seq - b.seq);
  const oldestKept = record.oldestSeq;
  const scannedFrom = stoppedAt ?? oldestKept ?? beforeSeq;
  const more = oldestKept !== undefined && (stoppedAt !== undefined ? stoppedAt > oldestKept : false);
  return { entries: picked, dropped: record.dropped, ...(more ? { more } : {}), ...(filter ? { scannedFrom } : {}) };
}
