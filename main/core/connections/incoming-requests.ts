import type { ToolCallAsked } from '../../../shared/approvals.js';
import type { JsonObject } from '../../../shared/mcp.js';
import type { JsonRpcId } from '../../../shared/traffic.js';

/** Who sent a server → client request, and how to tell that the server gave up on it. */
export interface IncomingRequestContext {
  serverId: string;
  connectionId: string;
  rpcId: JsonRpcId;
  /**
   * Aborted when the server cancels (`notifications/cancelled`) or the connection closes.
   * The reason is the server's reason when it gave one, else an AbortError.
   */
  signal: AbortSignal;
  /**
   * Set for a request embedded in a 2026-07-28 `input_required` result: it has no JSON-RPC id of
   * its own (`rpcId` is the call's), and its answer goes out with the call's next round.
   */
  embedded?: EmbeddedInputContext;
  /** The tool call the request came during: the one in flight on the connection, when there was exactly one. */
  duringCall?: ToolCallAsked;
}

export interface EmbeddedInputContext {
  /** The server's key for this request in `inputRequests`. */
  key: string;
  /** The round of the call that asked for it (1 for the first). */
  round: number;
  /** The seq of the `input_required` response it came in. */
  responseSeq?: number;
  /** Set when it came in a URL-elicitation-required error (-32042) rather than input_required. */
  source?: 'url-required-error';
}

/**
 * Answers the requests a server sends to the client (sampling, elicitation, roots).
 * Resolves with the result to send, or throws a ProtocolError to answer with a JSON-RPC error.
 */
export interface IncomingRequests {
  handle(method: string, params: JsonObject | undefined, context: IncomingRequestContext): Promise<JsonObject>;
}

/**
 * True when the abort carries no reason from the server: the connection closed, or the server
 * cancelled without a reason. Check the traffic for a `notifications/cancelled` to tell them apart.
 */
export function abortedByClose(signal: AbortSignal): boolean {
  const reason: unknown = signal.reason;
  return reason instanceof Error && reason.name === 'AbortError';
}
