/**
 * Lean views of MCP objects. Real servers break the spec, so every field a server
 * could omit is optional and the raw object is always kept next to the view.
 */
import type { ServerIcon } from './connection.js';

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
}

/** A place where a server's message breaks the MCP schema. */
export interface SchemaViolation {
  /** JSON Pointer-like path into the message, e.g. `/content/0/type`. */
  path: string;
  message: string;
}

/** A list fetched across every page (`nextCursor` followed to the end). */
export interface ListOutcome<T> {
  items: T[];
  pages: number;
  violations: SchemaViolation[];
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
  /** The result exactly as the server sent it (even when it breaks the schema). */
  result?: unknown;
  failure?: RpcFailure;
  /** Where `result` breaks the MCP schema for this method. Empty when it conforms. */
  violations: SchemaViolation[];
  durationMs: number;
  /** Size of the response message in UTF-8 bytes (0 when there was none). */
  responseSize: number;
}

export interface ToolCallParams {
  serverId: string;
  name: string;
  arguments: JsonObject;
  /** Chosen by the caller; used to cancel the call and as its progress token. */
  callId: string;
}
