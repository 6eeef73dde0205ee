import type { JsonRpcId, TrafficKind } from '../../../shared/traffic.js';
import { isObject } from '../../../shared/is-object.js';

export interface MessageClass {
  kind: TrafficKind;
  method?: string;
  id?: JsonRpcId;
  errorCode?: number;
  /** Set by the recorder: the message was too deep to keep as JSON (see message-depth). */
  tooDeep?: boolean;
}

function asId(value: unknown): JsonRpcId | undefined {
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

/**
 * Sorts a parsed JSON value into a traffic kind. Anything that is not a JSON-RPC 2.0
 * request, notification or response is `malformed`; arrays are batches.
 */
export function classifyMessage(value: unknown): MessageClass {
  if (Array.isArray(value)) return { kind: 'batch' };
  if (!isObject(value) || value.jsonrpc !== '2.0') return { kind: 'malformed' };
  const id = asId(value.id);
  if (typeof value.method === 'string') {
    return id === undefined ? { kind: 'notification', method: value.method } : { kind: 'request', method: value.method, id };
  }
  if (isObject(value.error)) {
    const code = typeof value.error.code === 'number' ? value.error.code : undefined;
    return { kind: 'error', ...(id !== undefined ? { id } : {}), ...(code !== undefined ? { errorCode: code } : {}) };
  }
  if ('result' in value && id !== undefined) return { kind: 'response', id };
  return { kind: 'malformed' };
}

/** A JSON-RPC message the SDK can be handed: request, notification, response or error. */
export function isDeliverable(kind: TrafficKind): boolean {
  return kind === 'request' || kind === 'notification' || kind === 'response' || kind === 'error';
}
