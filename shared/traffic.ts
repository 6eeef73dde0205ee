import type { HttpExchange } from './auth.js';
import type { HeaderVerdict } from './header-verdict.js';
import type { ModelTrafficTag } from './models.js';

/** `out` is client → server, `in` is server → client (stderr and malformed lines are `in`). */
export type Direction = 'out' | 'in';

export type TrafficKind =
  | 'request'
  | 'response'
  | 'error'
  | 'notification'
  | 'batch'
  | 'stderr'
  | 'malformed'
  /** Something Loupe itself did on the connection, in words (e.g. restarting a server after its probe). */
  | 'note'
  /** One HTTP exchange of a Streamable HTTP or SSE connection, or of its OAuth flow (see `http`). */
  | 'http';

export type JsonRpcId = string | number;

/** What became of a request; the words are the traffic filter's `is:` words. */
export type RequestOutcome =
  | 'pending'
  | 'ok'
  | 'error'
  /** A `tools/call` result with `isError: true`. */
  | 'tool-error'
  /** A 2026-07-28 `input_required` result: the call goes on in a new round. */
  | 'input'
  | 'cancelled'
  | 'timeout'
  /** Sending it failed (e.g. its HTTP POST was refused): no JSON-RPC answer can come. */
  | 'failed'
  /** Its connection ended first. */
  | 'unanswered'
  /**
   * Loupe's own `server/discover` probe, answered "method not found" by a 2025 server: the
   * fallback to the 2025 handshake working as designed, not an error.
   */
  | 'probe';

export const REQUEST_OUTCOMES: readonly RequestOutcome[] = ['pending', 'ok', 'error', 'tool-error', 'input', 'cancelled', 'timeout', 'failed', 'unanswered', 'probe'];

/**
 * One JSON-RPC message (or stderr line, or unparseable stdout line) seen on a connection.
 * Messages that arrived inside a JSON-RPC batch get their own entries with `batchSeq`
 * pointing at the batch entry.
 */
export interface TrafficEntry {
  /** Global, strictly increasing across all connections. */
  seq: number;
  serverId: string;
  connectionId: string;
  direction: Direction;
  /** Epoch milliseconds with sub-millisecond precision. */
  time: number;
  kind: TrafficKind;
  method?: string;
  id?: JsonRpcId;
  /** Size of the message on the wire, in UTF-8 bytes. */
  size: number;
  /**
   * The parsed message. Omitted when the message is larger than `TRAFFIC_INLINE_LIMIT`;
   * then `truncated` is set and `preview` holds its start. Fetch the whole entry with `traffic.get`.
   */
  message?: unknown;
  /** The raw text of a stderr or malformed line (or the preview of a large message). */
  text?: string;
  /**
   * The message exactly as it was on the wire (stdio: the line as read or written), where Loupe
   * has it: `1.0`, integers past 2^53 and duplicate keys as sent. Left out inline with `message`
   * when the entry is large; `traffic.get` has it.
   */
  raw?: string;
  truncated?: boolean;
  /** Why the entry is not the whole message, in one sentence (e.g. a line past Loupe's size limit). */
  problem?: string;
  batchSeq?: number;
  /**
   * For a response or error response: the seq of the request it answers. For a
   * `notifications/cancelled`: the request it cancels. For Loupe's note that a request will get no
   * answer (`ends` set): that request, whose `direction` and `id` the note repeats.
   */
  requestSeq?: number;
  /** For the entry that ended its request (see `requestSeq`): the outcome it gave that request. */
  ends?: RequestOutcome;
  /**
   * For a request: what became of it, as the core knows it now (the one model: shared/traffic-outcomes.ts).
   * Kept in the core's memory and sent with the entry; the record on disk has the entries that
   * ended requests instead.
   */
  outcome?: RequestOutcome;
  /** For an ended request: the entry that ended it, and why in one sentence where that entry does not say. */
  ending?: { seq?: number; reason?: string };
  /** For an error response: the JSON-RPC error code. */
  errorCode?: number;
  /** A response to an id this connection never sent (or already had an answer for). */
  orphan?: boolean;
  /** A `tools/call` result with `isError: true`: the call was made, the tool failed. */
  toolError?: boolean;
  /**
   * The rounds of one logical call: on a 2026-07-28 connection a call answered `input_required`
   * is retried with the input, on a fresh id. Every round's request and response share the id.
   */
  flow?: { id: string; round: number };
  /** A request sent again from the log (Replay, or Edit and replay): the seq of the one it repeats. */
  replayOf?: number;
  /**
   * For a request sent over HTTP: the headers of the POST that carried it, with credentials
   * redacted. Attached once the POST goes out, so only `traffic.get` has them.
   */
  httpHeaders?: Record<string, string>;
  /**
   * Set on an MCP App ↔ host message: the app (its frame) is the other end, not the server.
   * `in` is from the app, `out` from Loupe. Such entries share a connection id per app.
   */
  app?: { appId: string; uri: string };
  /**
   * What an MCP App did wrong with this message (or a request its policy blocked), or how a
   * server's answer broke the MCP schema (on the answer), in one sentence.
   */
  violation?: string;
  /** For a `http` entry: the exchange, credentials redacted. */
  http?: HttpExchange;
  /** For a `http` entry of an MCP POST: the seq of the JSON-RPC request it carried (its answer has it as `requestSeq`). */
  carriedSeq?: number;
  /**
   * On 2026-07-28 HTTP: the mirrored headers (`Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`…) judged against
   * the body and the server's answer to them. On the POST's `http` entry (it arrives with the entry),
   * and on its JSON-RPC request (`traffic.get`). `ok: false` is a violation.
   */
  headerVerdict?: HeaderVerdict;
  /** Set on a model provider's HTTP exchange (its `serverId` is then `model:<providerId>`). */
  model?: ModelTrafficTag;
  /**
   * Set on every entry of a Compare session (`servers.compare`): which side. Such a session never
   * counts as the server's newest connection, so the log without *Preserve log* keeps showing the
   * server's own.
   */
  compare?: 'A' | 'B';
}

/** What `is:violation` finds: an MCP App's misstep, an answer that broke the MCP schema, or mirrored headers that failed their verdict. */
export function isViolation(entry: Pick<TrafficEntry, 'violation' | 'headerVerdict'>): boolean {
  return entry.violation !== undefined || entry.headerVerdict?.ok === false;
}

/** Messages bigger than this reach the renderer as a preview; the core keeps them whole. */
export const TRAFFIC_INLINE_LIMIT = 256 * 1024;
export const TRAFFIC_PREVIEW_CHARS = 4096;

/** A `traffic.list` reply holds entries up to about this many bytes (large messages go as previews). */
export const TRAFFIC_PAGE_BYTES = 1024 * 1024;

export interface TrafficPage {
  entries: TrafficEntry[];
  /** Entries dropped by the retention limit since the app started. */
  dropped: number;
  /**
   * More entries follow the last one: ask again with its seq as `afterSeq`. For a page asked with
   * `beforeSeq`: older entries are kept before the first one (or before `scannedFrom`).
   */
  more?: boolean;
  /** A filtered page asked with `beforeSeq`: the oldest seq looked at; ask again with it as `beforeSeq`. */
  scannedFrom?: number;
}

/** The type chips above the log, as DevTools has for resource types. */
export type TrafficType = 'all' | 'requests' | 'notifications' | 'server-requests' | 'stderr' | 'malformed' | 'http';

export const TRAFFIC_TYPE_NAMES: readonly TrafficType[] = ['all', 'requests', 'notifications', 'server-requests', 'stderr', 'malformed', 'http'];

/** What a `traffic.list` filter holds: the traffic log's filter box, its chip, Invert and Preserve log. */
export interface TrafficListFilter {
  /** A query in the traffic filter language (shared/filter/traffic-query.ts). */
  text: string;
  invert?: boolean | undefined;
  type?: TrafficType | undefined;
  /** Each server's newest connection only (Preserve log off). */
  latestOnly?: boolean | undefined;
}

/** What `traffic.export` is asked for: the chosen entries, or one server's (all when neither), from after `afterSeq`. */
export interface TrafficExportQuery {
  seqs?: number[] | undefined;
  /** Every entry of this server (a proxied session's), memory's and the record's on disk; `seqs` is then ignored. */
  serverId?: string | undefined;
  afterSeq?: number | undefined;
  /** The export ends at this seq (the first piece's `throughSeq`), so a busy log cannot keep it going. */
  throughSeq?: number | undefined;
}

/**
 * One piece of an export: whole JSON Lines (the export format), about TRAFFIC_PAGE_BYTES at most;
 * one longer entry comes whole. Ask again with `nextAfterSeq` as `afterSeq`, and `throughSeq` as
 * it is, until `nextAfterSeq` is null.
 */
export interface TrafficExportPiece {
  text: string;
  nextAfterSeq: number | null;
  /** The newest entry the export takes in: the log's newest when the first piece was asked for. */
  throughSeq: number;
}

/** Entries the core keeps in memory (and the window at most) until `traffic.settings` says otherwise. */
export const DEFAULT_MAX_ENTRIES = 200_000;

export interface TrafficSettings {
  /** When false, nothing new is recorded (the session itself goes on). */
  recording: boolean;
  /** Most entries kept in the core's memory (and the window); older ones stay on disk only. */
  maxEntries: number;
  /** Most bytes the saved sessions may take on disk; the oldest are deleted first. */
  diskBudgetBytes: number;
}

/** The saved sessions' default disk budget, and the smallest one that may be set. */
export const DEFAULT_DISK_BUDGET_BYTES = 1024 * 1024 * 1024;
export const MIN_DISK_BUDGET_BYTES = 16 * 1024 * 1024;

/** The folder name of a saved session: its start time, then a few random characters. */
export const SESSION_ID_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{4}$/;

/** A saved session written by a `loupe proxy` while the app was not running: what it proxied. */
export interface ProxiedSessionMark {
  name: string;
  /** The server command line or URL. */
  target: string;
  transport: 'stdio' | 'http';
}

/** One app session's traffic record on disk. */
export interface TrafficSessionSummary {
  id: string;
  /** Epoch milliseconds. */
  startedAt: number;
  /** When its record was last written to. */
  endedAt: number;
  bytes: number;
  /** The session this app is recording now. */
  current: boolean;
  /** Its oldest part was deleted to keep within the disk budget. */
  partial: boolean;
  /** Written by a `loupe proxy` (not by the app): the session it proxied. */
  proxied?: ProxiedSessionMark;
  /** A proxy is still writing it. */
  live?: boolean;
}

/** Whole JSON Lines of a saved session, from an offset. */
export interface SessionPiece {
  text: string;
  /** Where the next piece starts; null after the last. */
  nextOffset: number | null;
  /** The session's size on disk. */
  bytes: number;
}

/** Requests that set a connection up or hold it open: replaying one mid-session means nothing useful. */
const SET_UP_METHODS: ReadonlySet<string> = new Set(['initialize', 'server/discover', 'subscriptions/listen']);

/** Whether a request Loupe sent may be sent again from the log (Replay, Edit and replay). */
export function isReplayableMethod(method: string): boolean {
  return !SET_UP_METHODS.has(method);
}
