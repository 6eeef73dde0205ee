import type { AuthSettings } from './auth.js';
import type { CallTimeouts } from './call-timeouts.js';
import type { ClientEmulation } from './client-emulation.js';
import type { ProtocolEraSetting } from './protocol-era.js';

/** A name/value pair such as an environment variable or an HTTP header. `secret` values are redacted on export. */
export interface KeyValue {
  key: string;
  value: string;
  secret?: boolean;
}

/** The command value that means "the Node runtime Loupe itself runs on" (ELECTRON_RUN_AS_NODE under Electron). */
export const APP_NODE_COMMAND = '@node';

/**
 * A command as another machine (a teammate's, CI's) can run it: `@node` is the `node` on its PATH.
 * What Loupe writes into files it shares (collection.yaml, client config snippets).
 */
export function portableCommand(command: string): string {
  return command === APP_NODE_COMMAND ? 'node' : command;
}

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

export { DEFAULT_CALL_TIMEOUTS, DEFAULT_CONNECT_TIMEOUT_MS, type CallTimeouts } from './call-timeouts.js';

/** A root offered to the server in answer to `roots/list`. */
export interface RootConfig {
  uri: string;
  name?: string;
}

export { DEFAULT_PROTOCOL_ERA, MODERN_PROTOCOL_VERSION, PROTOCOL_ERA_SETTINGS, type ProtocolEraSetting } from './protocol-era.js';

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
