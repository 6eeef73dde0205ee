import type { Direction, TrafficEntry, TrafficKind } from '../../../../shared/traffic';

export const DIRECTION_ARROWS: Record<Direction, string> = { out: '→', in: '←' };
export const DIRECTION_WORDS: Record<Direction, string> = { out: 'sent', in: 'received' };

export const KIND_LABELS: Record<TrafficKind, string> = {
  request: 'request',
  response: 'response',
  error: 'error',
  notification: 'notification',
  batch: 'batch',
  stderr: 'stderr',
  malformed: 'malformed',
};

/** Lines that are not JSON-RPC messages: shown as their raw text. */
export function isTextEntry(entry: TrafficEntry): boolean {
  return entry.kind === 'stderr' || entry.kind === 'malformed';
}

/** What the Method column shows: the method, or the start of a stderr/malformed line. */
export function entrySummary(entry: TrafficEntry): string {
  if (entry.method) return entry.method;
  if (isTextEntry(entry)) return (entry.text ?? '').slice(0, 200);
  return '';
}
