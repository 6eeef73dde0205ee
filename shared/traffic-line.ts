/**
 * One traffic entry as a line of the record on disk. The record is in the export format, except
 * that an entry holding its exact wire text (`raw`) leaves out the parsed `message`: the text says
 * it all, and is written once instead of twice. Reading a line parses `raw` back into `message`.
 */
import type { TrafficEntry } from './traffic.js';

export function recordLine(entry: TrafficEntry): string {
  if (entry.raw === undefined || entry.message === undefined) return JSON.stringify(entry) + '\n';
  const { message: _message, ...rest } = entry;
  return JSON.stringify(rest) + '\n';
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
