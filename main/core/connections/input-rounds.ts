import type { JsonObject } from '../../../shared/mcp.js';
import { isObject } from '../../../shared/is-object.js';

/** Rounds one call may take before Loupe gives up on a server that keeps asking (the SDK's default). */
export const MAX_INPUT_ROUNDS = 10;
/** Embedded requests one round may carry. */
export const MAX_INPUT_REQUESTS = 50;

export interface EmbeddedRequest {
  method: string;
  params?: JsonObject;
}

/** An `input_required` result (2026-07-28): the requests the server needs answered before it retries. */
export interface InputRequired {
  inputRequests: Record<string, EmbeddedRequest>;
  requestState?: string;
}

export function isInputRequired(result: unknown): boolean {
  return isObject(result) && result.resultType === 'input_required';
}

/** Reads an `input_required` result, or says in one sentence why it cannot be answered. */
export function readInputRequired(result: JsonObject): InputRequired | { problem: string } {
  const requests = result.inputRequests ?? {};
  if (!isObject(requests)) return { problem: 'The server asked for input, but its inputRequests is not an object.' };
  const keys = Object.keys(requests);
  if (keys.length > MAX_INPUT_REQUESTS) {
    return { problem: `The server asked for ${keys.length} inputs in one round; Loupe answers at most ${MAX_INPUT_REQUESTS}.` };
  }
  if (result.requestState !== undefined && typeof result.requestState !== 'string') {
    return { problem: 'The server asked for input, but its requestState is not a string.' };
  }
  if (keys.length === 0 && result.requestState === undefined) {
    return { problem: 'The server asked for input but sent neither inputRequests nor requestState.' };
  }
  const inputRequests: Record<string, EmbeddedRequest> = {};
  for (const key of keys) {
    const request = requests[key];
    if (!isObject(request) || typeof request.method !== 'string') {
      return { problem: `The server's input request "${key}" has no method.` };
    }
    if (request.params !== undefined && !isObject(request.params)) {
      return { problem: `The server's input request "${key}" has params that are not an object.` };
    }
    inputRequests[key] = { method: request.method, ...(request.params ? { params: request.params } : {}) };
  }
  return { inputRequests, ...(typeof result.requestState === 'string' ? { requestState: result.requestState } : {}) };
}

/** The params of the retry: the original params plus this round's answers and the echoed state. */
export function retryParams(original: JsonObject | undefined, input: InputRequired, responses: Record<string, JsonObject>): JsonObject {
  return {
    ...(original ?? {}),
    inputResponses: responses,
    ...(input.requestState !== undefined ? { requestState: input.requestState } : {}),
  };
}

/** Why a call stopped waiting for its input: passed as the abort reason to the waiting approvals. */
export class InputAbandoned extends Error {
  constructor(
    readonly status: 'cancelled' | 'disconnected',
    message: string,
  ) {
    super(message);
    this.name = 'InputAbandoned';
  }
}
