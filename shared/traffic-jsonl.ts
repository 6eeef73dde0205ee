/** The traffic export format: JSON Lines, one TrafficEntry per line. Pure functions, shared by core and UI. */
import type { TrafficEntry, TrafficKind } from './traffic.js';
import { withMessageFromRaw } from './traffic-line.js';

const KINDS: ReadonlySet<TrafficKind> = new Set(['request', 'response', 'error', 'notification', 'batch', 'stderr', 'malformed', 'note', 'http']);

export function serializeTrafficEntries(entries: readonly TrafficEntry[]): string {
  return entries.map((entry) => JSON.stringify(entry)).join('\n') + (entries.length > 0 ? '\n' : '');
}

export interface ParsedTraffic {
  entries: TrafficEntry[];
  /** Lines that could not be read, 1-based, with the reason. */
  errors: Array<{ line: number; message: string }>;
}

function entryProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an object';
  const entry = value as Record<string, unknown>;
  if (typeof entry.seq !== 'number') return 'no numeric "seq"';
  if (typeof entry.serverId !== 'string') return 'no "serverId"';
  if (entry.direction !== 'in' && entry.direction !== 'out') return '"direction" must be "in" or "out"';
  if (typeof entry.kind !== 'string' || !KINDS.has(entry.kind as TrafficKind)) return `unknown "kind" ${JSON.stringify(entry.kind)}`;
  if (typeof entry.time !== 'number') return 'no numeric "time"';
  if (typeof entry.size !== 'number') return 'no numeric "size"';
  return undefined;
}

export function parseTrafficJsonl(text: string): ParsedTraffic {
  const entries: TrafficEntry[] = [];
  const errors: ParsedTraffic['errors'] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      errors.push({ line: index + 1, message: `not JSON (${error instanceof Error ? error.message : String(error)})` });
      return;
    }
    const problem = entryProblem(value);
    if (problem) errors.push({ line: index + 1, message: problem });
    else entries.push(withMessageFromRaw(value as TrafficEntry));
  });
  return { entries, errors };
}
