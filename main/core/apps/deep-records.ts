import type { AppWireRecord } from '../../../shared/apps.js';
import { isObject } from '../../../shared/is-object.js';
import { exceedsDepth, MAX_MESSAGE_DEPTH } from '../base/message-depth.js';

/**
 * `apps.record`'s parameters with every app message nested deeper than the traffic record keeps
 * replaced by a note that says so, before they cross to the core: one deep message (an app's
 * non-JSON-RPC post) must not take the batch, or the core, with it. The rest pass unchanged.
 */
export function withDeepAppMessagesAsNotes(params: unknown): unknown {
  if (!isObject(params) || !Array.isArray(params.records)) return params;
  const records = params.records as unknown[];
  const deep = records.map((record) => isObject(record) && exceedsDepth(record.message));
  if (!deep.includes(true)) return params;
  return { ...params, records: records.map((record, index) => (deep[index] ? deepMessageNote(record as Partial<AppWireRecord>) : record)) };
}

function deepMessageNote(record: Partial<AppWireRecord>): AppWireRecord {
  const sentence = `The app posted a message nested more than ${MAX_MESSAGE_DEPTH} levels deep; Loupe records this note in its place.`;
  const earlier = typeof record.violation === 'string' ? ` ${record.violation.slice(0, 300)}` : '';
  return { direction: record.direction === 'out' ? 'out' : 'in', text: 'A message nested too deep', violation: `${sentence}${earlier}` };
}
