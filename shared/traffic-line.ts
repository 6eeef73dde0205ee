/**
 * One traffic entry as a line of the record on disk. The record is in the export format, except
 * that an entry holding its exact wire text (`raw`) leaves out the parsed `message`: the text says
 * it all, and is written once instead of twice. `raw` comes last, so a writer can put a long one
 * straight into its bytes (see `recordLineParts`). Reading a line parses `raw` back into `message`.
 */
import type { TrafficEntry } from './traffic.js';

/**
 * A line in two parts: `head`, then (when the entry has a raw text) that text as a JSON string
 * followed by `RECORD_LINE_END`. Without `raw`, `head` is the whole line.
 */
export function recordLineParts(recorded: TrafficEntry): { head: string; raw?: string } {
  const entry = withoutLiveStamps(recorded);
  if (entry.raw === undefined) return { head: JSON.stringify(entry) + '\n' };
  const { message: _message, raw, ...rest } = entry;
  const fields = JSON.stringify(rest);
  return { head: `${fields.length > 2 ? `${fields.slice(0, -1)},` : '{'}"raw":`, raw };
}

/**
 * The entry without what the core stamps on it while it is live (a request's `outcome` and
 * `ending`): a record says how a request ended by the entry that ended it, which a reader pairs
 * with the same model (shared/traffic-outcomes.ts), so a line never holds a stamp gone stale.
 */
export function withoutLiveStamps(entry: TrafficEntry): TrafficEntry {
  if (entry.outcome === undefined && entry.ending === undefined) return entry;
  const { outcome: _outcome, ending: _ending, ...recorded } = entry;
  return recorded;
}

/** What follows the raw text of a line that has one. */
export const RECORD_LINE_END = '}\n';

export function recordLine(entry: TrafficEntry): string {
  const { head, raw } = recordLineParts(entry);
  return raw === undefined ? head : head + JSON.stringify(raw) + RECORD_LINE_END;
}

/** Fills in `message` from `raw` where the line left it out; the entry is changed in place. */
export function withMessageFromRaw(entry: TrafficEntry): TrafficEntry {
  if (entry.message !== undefined || entry.raw === undefined || entry.text !== undefined) return entry;
  try {
    entry.message = JSON.parse(entry.raw);
  } catch {
    // A raw text that is not JSON stays as it is: the entry shows it, as the wire had it.
  }
  return entry;
}
