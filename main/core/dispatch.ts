import { isRequestName, requests, type RequestHandlers } from '../../shared/contract.js';
import { toWireError, type WireResult } from '../../shared/wire.js';
import type { Core, CoreReply } from './core.js';
import { describeInvalidParams } from './params-problem.js';
import { crossableParams } from './crossable-params.js';

/**
 * The one entry point both bridges use: checks the name against the contract, the params' depth
 * and size (process-crossing.ts: the same bounds in every shell) and the params against its
 * schema, runs the handler and turns any failure into a WireResult, so a bad request never throws
 * across a bridge.
 */
export async function dispatchRequest(handlers: RequestHandlers, name: unknown, params: unknown): Promise<WireResult> {
  if (!isRequestName(name)) {
    return { ok: false, error: { message: `Unknown request: ${String(name).slice(0, 100)}`, code: 'unknown-request' } };
  }
  const crossable = crossableParams(name, params);
  if (!crossable.ok) return { ok: false, error: toWireError(crossable.error) };
  const checked = requests[name].params.safeParse(crossable.params);
  if (!checked.success) return { ok: false, error: { message: describeInvalidParams(name, checked.error), code: 'invalid-params' } };
  try {
    const handler = handlers[name] as (params: unknown) => Promise<unknown>;
    const value = await handler(checked.data);
    return { ok: true, value: value === undefined ? null : value };
  } catch (error) {
    return { ok: false, error: toWireError(error) };
  }
}

/** What a bridge calls: the core's own `dispatch` when it has one, else the dispatcher over its handlers. */
export function dispatchForBridge(core: Pick<Core, 'handlers' | 'dispatch'>, name: unknown, params: unknown): Promise<CoreReply> {
  return core.dispatch ? core.dispatch(name, params) : dispatchRequest(core.handlers, name, params);
}
