import type { AuthSettings } from './auth.js';
import type { ClientEmulation } from './client-emulation.js';

/** A name/value pair such as an environment variable or an HTTP header. `secret` values are redacted on export. */
export interface KeyValue {
  key: string;
  value: string;
  secret?: boolean;
}

/** The command value that means "the Node runtime Loupe itself runs on" (ELECTRON_RUN_AS_NODE under Electron). */
export const APP_NODE_COMMAND = '@node';

export interface StdioTransportConfig {
  type: 'stdio';
  command: string;
  args: string[];
  env: KeyValue[];
  cwd?: string;
}

export interface HttpTransportConfig {
  /** `streamable-http` is the current transport; `sse` is the legacy HTTP+SSE transport (2024-11-05). */
  type: 'streamable-http' | 'sse';
  url: string;
  headers: KeyValue[];
}

export type TransportConfig = StdioTransportConfig | HttpTransportConfig;
export type TransportType = TransportConfig['type'];

/** How long a request may run. Every field is in milliseconds. */
export interface CallTimeouts {
  timeoutMs: number;
  /** Each progress notification restarts the timeout (the behaviour users expect, inspector #2028). */
  resetTimeoutOnProgress: boolean;
  /** A hard ceiling that progress cannot extend. */
  maxTotalTimeoutMs: number;
}

export const DEFAULT_CALL_TIMEOUTS: CallTimeouts = {
  timeoutMs: 60_000,
  resetTimeoutOnProgress: true,
  maxTotalTimeoutMs: 600_000,
};

export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;

/** A root offered to the server in answer to `roots/list`. */
export interface RootConfig {
  uri: string;
  name?: string;
}

/**
 * Which protocol era a connection speaks.
 * - `auto`: probe with `server/discover`; a server that does not answer it as a 2026-07-28 server
 *   gets the 2025 `initialize` handshake instead.
 * - `legacy`: the 2025 `initialize` handshake only, no probe.
 * - `modern`: 2026-07-28 only; a server that does not offer it fails to connect.
 */
export type ProtocolEraSetting = 'auto' | 'legacy' | 'modern';
export const PROTOCOL_ERA_SETTINGS: readonly ProtocolEraSetting[] = ['auto', 'legacy', 'modern'];
export const DEFAULT_PROTOCOL_ERA: ProtocolEraSetting = 'auto';
/** The protocol revision that starts the modern era (`server/discover`, per-request `_meta`, no server→client requests). */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/** What the user edits: everything but the id. */
export interface ServerConfigInput {
  name: string;
  transport: TransportConfig;
  /** Absent means `DEFAULT_PROTOCOL_ERA`. */
  era?: ProtocolEraSetting;
  /** How long connecting (the probe and `initialize`) may take; absent means `DEFAULT_CONNECT_TIMEOUT_MS`. */
  connectTimeoutMs?: number;
  timeouts?: CallTimeouts;
  /** Answered to `roots/list`; a change sends `notifications/roots/list_changed`. */
  roots?: RootConfig[];
  /** OAuth settings for HTTP servers (the client secret and tokens are kept apart, never here). */
  auth?: AuthSettings;
  /** The client Loupe presents itself as (shared/client-emulation.ts); absent, Loupe itself. */
  client?: ClientEmulation;
}

export interface ServerConfig extends ServerConfigInput {
  id: string;
}
