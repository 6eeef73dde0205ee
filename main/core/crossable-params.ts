import { withDeepAppMessagesAsNotes } from './apps/deep-records.js';
import { crossingProblem, type CrossingError } from './base/process-crossing.js';

/** Requests that carry what something else sent, for the record: a part too deep becomes a note in its place. */
const RECORDED_PARTS: Readonly<Record<string, (params: unknown) => unknown>> = { 'apps.record': withDeepAppMessagesAsNotes };

/** A request's parameters as they may cross, or the sentence that says why they may not. */
export function crossableParams(name: string, params: unknown): { ok: true; params: unknown } | { ok: false; error: CrossingError } {
  const prepared = Object.hasOwn(RECORDED_PARTS, name) ? RECORDED_PARTS[name]!(params) : params;
  const error = crossingProblem(prepared, `The ${name} request's parameters`);
  return error ? { ok: false, error } : { ok: true, params: prepared };
}
