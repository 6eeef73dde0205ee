import type { TrafficEntry } from '../../../shared/traffic.js';
import { crossingProblem, MAX_CROSSING_DEPTH } from '../base/process-crossing.js';

/** The levels above an entry when it crosses, at most: `{ result: { value: { entries: [entry] } } }`. */
const LEVELS_ABOVE_AN_ENTRY = 4;

/**
 * The entry as is when it serializes and may cross to the window; otherwise a placeholder that says
 * why. Whoever holds the original (the core) can still serve or save it; one entry never takes its
 * batch down with it.
 */
export function sendableEntry(entry: TrafficEntry): TrafficEntry {
  const problem = crossingProblem(entry, 'Its contents', MAX_CROSSING_DEPTH - LEVELS_ABOVE_AN_ENTRY);
  try {
    if (problem) throw problem;
    JSON.stringify(entry);
    return entry;
  } catch (error) {
    const { message: _message, text: _text, ...rest } = entry;
    return { ...rest, text: '', truncated: true, problem: `This entry could not be sent to the window (${error instanceof Error ? error.message : String(error)}).` };
  }
}

/** A value that may hold traffic entries (an event batch, a `traffic.list` page), with each made sendable. */
export function withSendableEntries(value: unknown): unknown {
  if (Array.isArray(value)) return (value as unknown[]).map((item) => (isEntry(item) ? sendableEntry(item) : item));
  if (isEntry(value)) return sendableEntry(value);
  if (value && typeof value === 'object' && Array.isArray((value as { entries?: unknown }).entries)) {
    return { ...value, entries: withSendableEntries((value as { entries: unknown[] }).entries) };
  }
  return value;
}

function isEntry(value: unknown): value is TrafficEntry {
  return typeof value === 'object' && value !== null && typeof (value as { seq?: unknown }).seq === 'number' && 'direction' in value;
}
