/**
 * Requests a server sends to the client that a person must answer: sampling
 * (`sampling/createMessage`) and elicitation (`elicitation/create`, form or URL mode).
 */
import type { JsonObject } from './mcp.js';
import type { JsonRpcId } from './traffic.js';

export type ApprovalKind = 'sampling' | 'elicitation-form' | 'elicitation-url';

export type ApprovalStatus =
  /** Waiting for a person. */
  | 'pending'
  /** Answered: sampling approved, or elicitation accepted. */
  | 'approved'
  /** Answered with a JSON-RPC error (sampling) or `decline` (elicitation). */
  | 'rejected'
  /** Elicitation answered with `cancel`. */
  | 'dismissed'
  /** The server sent `notifications/cancelled`: it no longer wants an answer. */
  | 'cancelled'
  /** The server went away before an answer. */
  | 'disconnected'
  /** Malformed: answered with a JSON-RPC error automatically, see `problem`. */
  | 'invalid';

export interface Approval {
  id: string;
  serverId: string;
  /** The server's name in the list, for showing which server asks. */
  serverName: string;
  kind: ApprovalKind;
  /** The JSON-RPC id of the server's request. */
  rpcId: JsonRpcId;
  /** The request's params exactly as received. */
  request: JsonObject;
  receivedAt: number;
  status: ApprovalStatus;
  /** Why a malformed request was refused, or why it is no longer answerable. */
  problem?: string;
  /** What was sent back: a result, or `{ error: { code, message } }`. */
  response?: JsonObject;
  decidedAt?: number;
  /** `user`, or `rule:<rule name>` when an auto-reply rule answered. */
  decidedBy?: string;
  /** The reply went out after the server's own timeout had likely passed (its request was cancelled). */
  late?: boolean;
  /** For URL-mode elicitation: the server sent `notifications/elicitation/complete`. */
  completed?: boolean;
  /**
   * Set when the request came embedded in a 2026-07-28 `input_required` result: the server's key
   * for it and the round of the call. Its answer goes out with the call's next round.
   */
  embedded?: { key: string; round: number; source?: 'url-required-error' };
  /** Traffic seqs of the server's request and of our response, to link from the log. */
  requestSeq?: number;
  responseSeq?: number;
}

export type ApprovalDecision =
  /** Sampling: the CreateMessageResult to send. */
  | { action: 'approve'; result: JsonObject }
  /** Sampling: reply with a JSON-RPC error. */
  | { action: 'reject'; message: string; code?: number }
  /** Elicitation: accept with content (form) or without (URL mode). */
  | { action: 'accept'; content?: JsonObject }
  | { action: 'decline' }
  | { action: 'cancel' };

/** A reusable sampling reply. */
export interface SamplingTemplate {
  id: string;
  name: string;
  /** A CreateMessageResult: role, content, model, stopReason. */
  result: JsonObject;
}

/** Answers matching sampling requests automatically with a template. Off unless enabled. */
export interface AutoReplyRule {
  id: string;
  name: string;
  enabled: boolean;
  /** Matches requests from this server; any server when omitted. */
  serverId?: string;
  templateId: string;
}
