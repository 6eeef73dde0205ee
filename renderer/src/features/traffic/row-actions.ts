import { isReplayableMethod, type TrafficEntry } from '../../../../shared/traffic';
import type { CompactTrafficLog } from '../../state/traffic/compact-traffic-log';

export type FetchWhole = (seq: number) => Promise<TrafficEntry | null>;

/** A row Loupe can send again: a request it sent itself, other than the connection's set-up. */
export function isReplayable(log: CompactTrafficLog, position: number): boolean {
  const method = log.method(position);
  return log.kind(position) === 'request' && !log.isIncoming(position) && method !== undefined && isReplayableMethod(method);
}

/** The requests a collection can keep as request files (collections.saveFromTraffic). */
const SAVEABLE_METHODS = new Set(['tools/call', 'resources/read', 'prompts/get']);

/** A row that can be saved as a request in a collection: a tool call, resource read or prompt get Loupe sent. */
export function isSaveableAsRequest(log: CompactTrafficLog, position: number): boolean {
  const method = log.method(position);
  return log.kind(position) === 'request' && !log.isIncoming(position) && method !== undefined && SAVEABLE_METHODS.has(method);
}

/** A message's whole JSON text: inline, or fetched from the core when only a preview arrived. */
export async function wholeText(log: CompactTrafficLog, position: number, fetchWhole?: FetchWhole): Promise<string> {
  const truncated = log.isTruncated(position) && log.problem(position) === undefined;
  if (!truncated || !fetchWhole) return log.text(position);
  const entry = await fetchWhole(log.seq(position));
  if (!entry) throw new Error('The core no longer keeps this message.');
  return entry.message === undefined ? (entry.text ?? '') : (entry.raw ?? JSON.stringify(entry.message));
}

/** The request's `params` as pretty JSON, for Edit and replay. */
export async function paramsText(log: CompactTrafficLog, position: number, fetchWhole?: FetchWhole): Promise<string> {
  const message = JSON.parse(await wholeText(log, position, fetchWhole)) as { params?: unknown };
  return JSON.stringify(message.params ?? {}, null, 2);
}

/** A filter term for a value, quoted when it holds spaces. */
export function filterTerm(key: string, value: string): string {
  return /[\s"]/.test(value) ? `${key}:"${value.replaceAll('"', '')}"` : `${key}:${value}`;
}
