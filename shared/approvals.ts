/**
 * Requests a server sends to the client that a person must answer: sampling
 * (`sampling/createMessage`) and elicitation (`elicitation/create`, form or URL mode).
 */
import type { JsonObject, SchemaValidation } from './mcp.js';
import type { AutoReplyModel, ModelRef, TokenUsage } from './models.js';
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
  /**
   * For a `cancelled` request, who ended it: the server (`notifications/cancelled`), the person
   * (they cancelled the call that asked), or Loupe's own call timeout.
   */
  cancelledBy?: 'server' | 'you' | 'timeout';
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
  /** Sampling drafted by a model (Draft with model, or a rule that answers with one): the latest draft. */
  model?: ApprovalModelRecord;
  /** The tool call it came during (the only one in flight on the connection), so it can be run again. */
  duringCall?: ToolCallAsked;
}

/** A tool call as the person asked for it: the tool and its arguments. */
export interface ToolCallAsked {
  tool: string;
  arguments: JsonObject;
}

/** A model's draft of a sampling reply, kept on the approval so the record links request, model exchange and reply. */
export interface ApprovalModelRecord {
  /** Absent when no model could be chosen (then `failure` says why). */
  model?: ModelRef;
  providerName?: string;
  /** `user` for Draft with model, `rule:<rule name>` for a rule that answers with a model. */
  by: string;
  status: 'drafting' | 'drafted' | 'failed' | 'stopped';
  /** How the model was chosen, in one sentence. */
  why: string;
  /** The model as the provider named it in its answer. */
  modelName?: string;
  usage?: TokenUsage;
  /** The `http` traffic entries of the model's exchange(s). */
  trafficSeqs: number[];
  /** Why the model could not draft, in one sentence. */
  failure?: string;
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

/** Answers matching sampling requests automatically with a template, or with a model. Off unless enabled. */
export interface AutoReplyRule {
  id: string;
  name: string;
  enabled: boolean;
  /** Matches requests from this server; any server when omitted. */
  serverId?: string;
  /** The template to answer with; '' for a rule that answers with a model. */
  templateId: string;
  /** Answer with a model instead of a template (opt-in per rule), within a token cap per session. */
  answerWithModel?: AutoReplyModel;
}

/**
 * A chat's tool call waiting for a person before it goes to the server: asked before each call
 * (the chat's default), or held because its arguments are not JSON or break the tool's input schema.
 */
export interface ToolCallApproval {
  id: string;
  kind: 'tool-call';
  conversationId: string;
  serverId: string;
  serverName: string;
  /** The tool's name on its server. */
  tool: string;
  /** The model's id for this call. */
  toolCallId: string;
  /** The arguments as the model sent them: an object, or its text when it is not a JSON object. */
  arguments: unknown;
  /** Why the arguments cannot be sent as they are (not JSON, or not an object), in one sentence. */
  argumentsProblem?: string;
  /** The arguments checked against the tool's input schema. */
  validation?: SchemaValidation;
  inputSchema?: JsonObject;
  /** Held for the person's say even with asking turned off: the arguments are not valid. */
  held: 'ask-before-call' | 'invalid-arguments';
  status: 'pending' | 'approved' | 'refused' | 'cancelled';
  receivedAt: number;
  decidedAt?: number;
  /** What went to the server (the person's edit, when `edited`). */
  sent?: JsonObject;
  edited?: boolean;
  /** The refusal the model was told, or why the call can no longer be answered. */
  problem?: string;
}

export type ToolCallDecision =
  /** Sends the call, with edited arguments when given; arguments that break the schema need `sendInvalid`. */
  | { action: 'approve'; arguments?: JsonObject | undefined; sendInvalid?: boolean | undefined }
  /** Does not send it; the model is told it was refused (with the message, when given). */
  | { action: 'refuse'; message?: string | undefined };
