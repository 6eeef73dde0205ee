/**
 * connecting → connected → (disconnected | exited | failed)
 * `idle` is a server that has not been connected since the app started.
 */
export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'failed' | 'exited';

/** Why a connection failed, as one sentence a person can act on. */
export interface ConnectionFailure {
  /** One clear sentence, e.g. "Command not found: foo". Never only "Error". */
  message: string;
  /** A machine-readable category, for styling and tests. */
  code: FailureCode;
  /** Extra detail: the underlying error text, the last stderr lines. */
  detail?: string;
}

export type FailureCode =
  | 'command-not-found'
  | 'spawn-failed'
  | 'exited-before-initialize'
  | 'connection-refused'
  | 'http-not-found'
  | 'http-unauthorized'
  | 'http-server-error'
  | 'http-error'
  | 'tls-error'
  | 'dns-error'
  | 'initialize-timeout'
  | 'unsupported-protocol-version'
  | 'era-mismatch'
  | 'invalid-config'
  /** An HTTP server that wants an OAuth sign-in (Sign in). */
  | 'auth-required'
  /** A sign-in failed; the message names the step. */
  | 'auth-failed'
  | 'unknown';

export interface ProcessExit {
  code: number | null;
  signal: string | null;
  /** The last lines the process wrote to stderr, oldest first. */
  stderrTail: string[];
}

export interface ServerIcon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

/** `legacy` is the 2025 family (`initialize`); `modern` starts at 2026-07-28 (`server/discover`). */
export type ProtocolEra = 'legacy' | 'modern';

/** The `server/discover` result of a modern server, as the UI shows it. */
export interface DiscoveryInfo {
  supportedVersions: string[];
  /** The result exactly as received (capabilities, instructions, extensions, cache hints, `_meta`). */
  result: Record<string, unknown>;
}

/** How the connection arrived at its era, in words, for the server details and the log. */
export interface EraNegotiation {
  /** The setting the connection was made with. */
  setting: 'auto' | 'legacy' | 'modern';
  /** One sentence: what was probed and what came of it. */
  summary: string;
}

/** What the server said about itself in its `initialize` (or `server/discover`) result. */
export interface ServerIdentity {
  name: string;
  version: string;
  title?: string;
  websiteUrl?: string;
  icons?: ServerIcon[];
  instructions?: string;
  protocolVersion: string;
  era: ProtocolEra;
  negotiation: EraNegotiation;
  /** Present on modern connections. */
  discovery?: DiscoveryInfo;
  /** The capabilities object exactly as the server announced it. */
  capabilities: Record<string, unknown>;
}

/**
 * A 2026-07-28 connection's `subscriptions/listen` stream, which carries the change
 * notifications (list changes, resource updates) that 2025 servers send unasked.
 */
export interface ChangeStreamState {
  status: 'off' | 'opening' | 'open' | 'closed' | 'failed';
  /** The resources whose updates are asked for. */
  resourceUris: string[];
  /** What the server agreed to send, from its acknowledgement. */
  honoredFilter?: Record<string, unknown>;
  /** Why it closed or failed, in one sentence. */
  message?: string;
}

export interface ConnectionState {
  serverId: string;
  status: ConnectionStatus;
  /** Changes on every connect, so traffic from different sessions can be told apart. */
  connectionId?: string;
  /** Epoch milliseconds of the last status change. */
  since: number;
  failure?: ConnectionFailure;
  exit?: ProcessExit;
  server?: ServerIdentity;
  /** Modern connections only. */
  changeStream?: ChangeStreamState;
  /**
   * Saved settings this connection does not use, because it was made before they were edited
   * (for example `URL`, `headers`): they apply on the next connect.
   */
  settingsChanged?: string[];
}
