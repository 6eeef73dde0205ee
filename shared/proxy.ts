/**
 * Loupe as a recording proxy between a real MCP client and its server (`loupe proxy`), the
 * intercept desk for its messages, "Route through Loupe" for a client's config file, and a
 * recording served back as a mock server. The requests are the `proxy.*` block in contract.ts.
 */
import type { ImportClient } from './config-import.js';
import type { ProtocolEra } from './connection.js';
import type { Direction, TrafficEntry } from './traffic.js';

/** What one side of a proxied session said about itself (the real client, or the server). */
export interface ProxiedPeer {
  /** `clientInfo` / `serverInfo` exactly as sent. */
  info?: Record<string, unknown>;
  /** The capabilities object exactly as sent. */
  capabilities?: Record<string, unknown>;
  /** The version the client asked for, or the server answered with. */
  protocolVersion?: string;
  /** `legacy` when it came in `initialize`, `modern` when in 2026-07-28 `_meta` or `server/discover`. */
  era?: ProtocolEra;
}

/**
 * A session a `loupe proxy` runs between a client and its server, as the running app sees it:
 * a server card marked proxied. Its traffic is in the log under `serverId`, like any connection's.
 */
export interface ProxiedSession {
  /** Unique per proxied session; also the traffic entries' `connectionId`. */
  id: string;
  /** The traffic entries' `serverId` (`proxy-…`): filter and export by it. */
  serverId: string;
  /** `--name`, else the command's or URL's short form. */
  name: string;
  transport: 'stdio' | 'http';
  /** The server command line (stdio) or URL (HTTP) the proxy runs or forwards to. */
  target: string;
  /** The HTTP proxy's listening address, e.g. `http://127.0.0.1:4000`. */
  listen?: string;
  /** The proxy's process id. */
  pid: number;
  /** live: the proxy streams to the app; ended: it finished and said so; lost: its link closed without a word. */
  status: 'live' | 'ended' | 'lost';
  startedAt: number;
  endedAt?: number;
  /** stdio: how the server process ended, in one sentence. */
  exit?: string;
  client?: ProxiedPeer;
  server?: ProxiedPeer;
  /** Saved sessions that hold this proxied session's entries from before it reached the app (the app was not running). */
  earlierRecords?: string[];
  /** Entries the proxy could not keep at all, so far (the record also says where, in a note). */
  lostEntries: number;
  /** The proxy has intercept rules on: whole lines are matched, and matching ones paused. */
  intercepting: boolean;
}

// ───── Intercept ─────

/** A rule that pauses the messages it matches, in proxied sessions. */
export interface InterceptRule {
  id: string;
  /** A traffic filter (e.g. `method:tools/call name:delete_*`), matched against each message as a traffic entry. */
  filter: string;
  enabled: boolean;
  /** Which way the messages go that it pauses: `out` from the client, `in` from the server; both when absent. */
  direction?: Direction | undefined;
  /** How long a paused message waits for a decision before it is forwarded as it is (default 60 s). */
  timeoutMs?: number | undefined;
}

export const DEFAULT_INTERCEPT_TIMEOUT_MS = 60_000;
export const MAX_INTERCEPT_RULES = 64;
/** A paused message longer than this is not paused: it passes, with a note (it could not be edited in a form anyway). */
export const MAX_INTERCEPT_MESSAGE_BYTES = 4 * 1024 * 1024;

/**
 * What the person does with a paused message: pass it on as it is, pass an edited text, answer it
 * (a request from the client: `text` is the response the client gets; the server never sees it),
 * or drop it.
 */
export type InterceptDecision =
  | { action: 'forward' }
  | { action: 'edit'; text: string }
  | { action: 'answer'; text: string }
  | { action: 'drop' };

export interface PausedMessage {
  /** Unique in the app. */
  id: string;
  sessionId: string;
  serverId: string;
  direction: Direction;
  /** The message's text exactly as it came (one line, without its newline). */
  text: string;
  method?: string;
  ruleId: string;
  pausedAt: number;
  /** When it is forwarded as it is unless decided before. */
  deadline: number;
  status: 'paused' | 'forwarded' | 'edited' | 'answered' | 'dropped' | 'timed-out' | 'released';
  /** What went on in its place (edited) or back to the client (answered), as sent. */
  sentText?: string;
}

/** Whether a rule pauses an entry: the traffic filter language compiles a rule's `filter` to one. */
export type InterceptPredicate = (entry: TrafficEntry) => boolean;

// ───── Route through Loupe ─────

/** One server entry in an MCP client's config file, as the config import found it. */
export interface RouteTarget {
  client: Exclude<ImportClient, 'snippet'>;
  /** The config file. */
  path: string;
  /** The entry's name in the file. */
  name: string;
  /** Claude Code's `~/.claude.json`: the project folder whose `mcpServers` hold the entry. */
  project?: string | undefined;
}

/** The change "Route through Loupe" would make, shown before anything is written. */
export interface RoutePlan {
  target: RouteTarget;
  /** A unified diff of the file, before → after. */
  diff: string;
  /** The whole file after the change. */
  after: string;
  /** SHA-256 (hex) of the file as read: `proxy.route.apply` refuses the file if it changed since. */
  fileHash: string;
  /** What else the person must do, in one sentence (an HTTP entry: keep `loupe proxy --http` running). */
  note?: string;
  /** For an HTTP entry: the command that runs the reverse proxy the entry now points at. */
  httpProxyCommand?: string[];
}

/** A change "Route through Loupe" made, kept so Restore can put the file back. */
export interface RouteRecord {
  id: string;
  target: RouteTarget;
  appliedAt: number;
  /** SHA-256 of the file as Loupe wrote it: Restore refuses a file changed since. */
  hashAfter: string;
  /** SHA-256 of the bytes Restore puts back. */
  hashBefore: string;
  restoredAt?: number;
}

// ───── Mock ─────

/** How a mock matches a request to a recorded one. */
export type MockMatching = 'exact' | 'method';
