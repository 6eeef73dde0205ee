import type { JsonObject } from '../../../shared/mcp.js';
import type { ToolCallAsked } from '../../../shared/approvals.js';
import type { JsonRpcId, TrafficEntry } from '../../../shared/traffic.js';
import { isObject } from '../../../shared/is-object.js';
import { CALL_TIMED_OUT_PREFIX } from '../../../shared/traffic-outcomes.js';
import type { IncomingRequests } from './incoming-requests.js';

/** Pages one -32042 error may ask the person to open. */
const MAX_URL_ELICITATIONS = 10;

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

/**
 * A call's own clock ran out while it waited for a person. Its name starts the reason of the
 * `notifications/cancelled` the SDK sends, so the traffic log tells it from a cancel.
 */
export class CallTimedOut extends InputAbandoned {
  constructor(message: string) {
    super('cancelled', message);
    this.name = CALL_TIMED_OUT_PREFIX.slice(0, -2);
  }
}

/** One round of a call on the wire, as far as its input is concerned: its request id and its recorded response. */
export interface RoundOnWire {
  rpcId?: JsonRpcId;
  response?: TrafficEntry;
}

export interface InputRoundsDeps {
  incoming: IncomingRequests;
  serverId: string;
  connectionId: string;
  /** Keeps `controller` among the requests aborted when the connection goes; returns how to let it go. */
  track(controller: AbortController): () => void;
}

/**
 * The input a 2026-07-28 call asks for: the requests embedded in an `input_required` result, and
 * the pages a -32042 error lists. Each goes where a 2025 server's own request would (Approvals, or
 * the roots config).
 */
export class InputRounds {
  constructor(private readonly deps: InputRoundsDeps) {}

  /** Sends each embedded request to what answers it, all at once; resolves with the answers by key. */
  async answer(
    requests: Record<string, EmbeddedRequest>,
    round: number,
    wire: RoundOnWire,
    signal: AbortSignal,
    duringCall?: ToolCallAsked,
  ): Promise<Record<string, JsonObject>> {
    // No timeout here: the time a person takes to answer does not count against the call (its deadline is paused).
    const entries = await Promise.all(
      Object.entries(requests).map(async ([key, request]) => {
        const answer = await this.deps.incoming.handle(request.method, request.params, {
          serverId: this.deps.serverId,
          connectionId: this.deps.connectionId,
          rpcId: wire.rpcId ?? '',
          signal,
          embedded: { key, round, ...responseSeq(wire) },
          ...(duringCall ? { duringCall } : {}),
        });
        return [key, answer] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  /**
   * A -32042 error lists pages the person must open before the call can succeed. Each goes to
   * Approvals as a URL elicitation, so it is shown and opened only after confirmation, as a
   * server's own URL elicitation request would be. Returns how many were offered.
   */
  offerUrlElicitations(data: unknown, wire: RoundOnWire): number {
    const elicitations = (data as { elicitations?: unknown } | undefined)?.elicitations;
    if (!Array.isArray(elicitations)) return 0;
    const usable = elicitations.filter((item): item is JsonObject => typeof item === 'object' && item !== null && typeof (item as JsonObject).url === 'string').slice(0, MAX_URL_ELICITATIONS);
    usable.forEach((elicitation, index) => {
      const closed = new AbortController();
      const release = this.deps.track(closed);
      const key = typeof elicitation.elicitationId === 'string' ? elicitation.elicitationId : `url-${index + 1}`;
      void this.deps.incoming
        .handle('elicitation/create', { ...elicitation, mode: 'url' }, {
          serverId: this.deps.serverId,
          connectionId: this.deps.connectionId,
          rpcId: wire.rpcId ?? '',
          signal: closed.signal,
          embedded: { key, round: 1, source: 'url-required-error', ...responseSeq(wire) },
        })
        .catch(() => {})
        .finally(release);
    });
    return usable.length;
  }
}

function responseSeq(wire: RoundOnWire): { responseSeq?: number } {
  return wire.response && wire.response.seq >= 0 ? { responseSeq: wire.response.seq } : {};
}
