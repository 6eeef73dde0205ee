/**
 * Lean views of MCP objects. Real servers break the spec, so every field a server
 * could omit is optional and the raw object is always kept next to the view.
 */
import type { ServerIcon } from './connection.js';
import type { PathSegment } from './json-pointer.js';
import type { CallTimeouts } from './call-timeouts.js';

export type JsonObject = Record<string, unknown>;

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ToolInfo {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: JsonObject;
  outputSchema?: JsonObject;
  annotations?: ToolAnnotations;
  icons?: ServerIcon[];
  _meta?: JsonObject;
  /** `taskSupport`: whether the tool runs as a task (`required`, `optional`, `forbidden`), as the server declared it. */
  execution?: JsonObject;
}

/** A place where a server's message breaks the MCP schema. */
export interface SchemaViolation {
  /** JSON Pointer-like path into the message, e.g. `/content/0/type`. */
  path: string;
  message: string;
}

/** The cache fields of a 2026-07-28 list result (first page), as the server sent them. */
export interface ListCacheHints {
  ttlMs?: number;
  cacheScope?: string;
  resultType?: string;
}

/** A list fetched across every page (`nextCursor` followed to the end). */
export interface ListOutcome<T> {
  items: T[];
  pages: number;
  violations: SchemaViolation[];
  /** Epoch milliseconds when the list was fetched from the server. */
  fetchedAt: number;
  /** Present when the server sent any cache field. */
  hints?: ListCacheHints;
  /** Served from the core's cache because the server's `ttlMs` said it was still fresh. */
  fromCache?: boolean;
}

/** Which list to load; `force` ignores a still-fresh cached copy. */
/** Request params (this and the others below) may carry an optional field as undefined: what the schema lets through. */
export interface ListParams {
  serverId: string;
  force?: boolean | undefined;
}

export type RpcFailureKind = 'protocol' | 'timeout' | 'cancelled' | 'disconnected' | 'not-connected' | 'invalid-result';

export interface RpcFailure {
  kind: RpcFailureKind;
  /** One sentence for the user. */
  message: string;
  /** The JSON-RPC error code, for `protocol` failures. */
  code?: number;
  data?: unknown;
}

/** The outcome of one client → server request, successful or not. */
export interface RpcOutcome {
  /** The JSON-RPC id the request went out with, when it was sent. */
  rpcId?: string | number;
  /** Its entry in the traffic log (the last round's, for a call answered in rounds), when recorded. */
  requestSeq?: number;
  /** The result exactly as the server sent it (even when it breaks the schema). */
  result?: unknown;
  failure?: RpcFailure;
  /** Where `result` breaks the MCP schema for this method. Empty when it conforms. */
  violations: SchemaViolation[];
  durationMs: number;
  /** Size of the response message in UTF-8 bytes (0 when there was none). */
  responseSize: number;
  /** Long texts of `result` the core holds back (asked for with `holdLongTexts`): each place in `result` holds ''. */
  heldTexts?: HeldText[];
}

/**
 * A long text of a result that stays in the core, where the page opens it as a document (its
 * rows come as they are scrolled to) and fetches it whole only to copy, save or hand it on.
 */
export interface HeldText {
  /** Where it is in the result, e.g. ['content', 0, 'text']. */
  path: PathSegment[];
  /** Its name in the core (`documents.open`, `documents.text`). */
  key: number;
  /** Its length in characters (UTF-16 code units). */
  chars: number;
  /** Its first characters, shown while its document is prepared. */
  head: string;
}

export interface ToolCallParams {
  serverId: string;
  name: string;
  arguments: JsonObject;
  /** Chosen by the caller; used to cancel the call and to match its `calls.progress` events. */
  callId: string;
  /** Overrides the server's default timeouts for this call. */
  timeouts?: CallTimeouts | undefined;
  /** Run as a task (Tasks extension): the tool requires it, or the person chose it. */
  asTask?: boolean | undefined;
  /** Long texts in the result's content stay in the core (see `HeldText`); without it the result comes whole. */
  holdLongTexts?: boolean | undefined;
}

export interface ResourceInfo {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  icons?: ServerIcon[];
  annotations?: JsonObject;
  _meta?: JsonObject;
}

export interface ResourceTemplateInfo {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  icons?: ServerIcon[];
  annotations?: JsonObject;
  _meta?: JsonObject;
}

export interface PromptArgumentInfo {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
  /** Fields beyond the spec that the server sent (real servers add them). */
  extra?: JsonObject;
}

export interface PromptInfo {
  name: string;
  title?: string;
  description?: string;
  arguments: PromptArgumentInfo[];
  icons?: ServerIcon[];
  _meta?: JsonObject;
}

/** Which list a `notifications/…/list_changed` refers to. */
export type ListKind = 'tools' | 'resources' | 'prompts';

export type CompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

export interface CompletionParams {
  serverId: string;
  ref: CompletionRef;
  argument: { name: string; value: string };
  /** 2025-06-18: the values of the other arguments, so dependent completions work. */
  context?: { arguments: Record<string, string> } | undefined;
  /** Lets the caller cancel a stale completion request. */
  callId?: string | undefined;
}

/** Progress of a running call, built from the recorded `notifications/progress`. */
export interface CallProgress {
  callId: string;
  serverId: string;
  progress: number;
  total?: number;
  message?: string;
  /** The seq of the notification in the traffic record. */
  seq: number;
}

export type LoggingLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';
export const LOGGING_LEVELS: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** The verdict of validating a value against a JSON Schema (done with Ajv in the core). */
export interface SchemaValidation {
  valid: boolean;
  /** Each failing place: `path` is a JSON Pointer into the value ('' for the whole value). */
  errors: Array<SchemaViolation & { keyword: string }>;
  /** Set when the schema itself could not be compiled; then `valid` is false and `errors` is empty. */
  schemaError?: string;
}
