/** The envelopes both bridges (Electron IPC and WebSocket) carry. Generic over the contract. */

export interface WireError {
  message: string;
  /** Set for errors the UI may branch on, e.g. `invalid-params`, `unknown-request`. */
  code?: string;
}

export type WireResult = { ok: true; value: unknown } | { ok: false; error: WireError };

/**
 * A successful result whose value is already serialized: its JSON as UTF-8 bytes. A large value
 * travels this way from the core process to the window, so nothing between them parses it and the
 * window parses it off its main thread.
 */
export interface WireJsonResult {
  ok: true;
  json: Uint8Array;
}

/** What a request gets back across a process boundary: a value, a serialized value, or an error. */
export type WireReply = WireResult | WireJsonResult;

/**
 * Values whose JSON is at least this long do not travel inline: a core process writes them to a
 * file, the browser page's worker fetches them over HTTP, the Electron window gets their bytes.
 * Below it the page parses the reply itself: ~1–3 ms for 512 KB, where the worker's fetch and
 * hand-back cost ~20 ms (bench/small-results.js: a 0.1 MB result went from 61–80 ms to see below).
 */
export const SERIALIZED_REPLY_MIN_CHARS = 512 * 1024;

/** The one key of a large reply written around a server's response (see `quotingReplyJson`). */
const QUOTING_KEY = 'replyQuotingResponse';

/**
 * The JSON of a reply whose `result` is the result of a server's response (a call's outcome),
 * written around the response's own text instead of serializing the result again: for a large
 * tool result, that saves serializing megabytes. Read it back with `replyFromJson`.
 */
export function quotingReplyJson(reply: object, responseText: string): string {
  const rest = JSON.stringify({ ...reply, result: undefined });
  return `{"${QUOTING_KEY}":{"reply":${rest},"response":${responseText}}}`;
}

/** A large reply as parsed from its JSON; one written by `quotingReplyJson` gets its result back. */
export function replyFromJson(parsed: unknown): unknown {
  if (typeof parsed !== 'object' || parsed === null || !Object.hasOwn(parsed, QUOTING_KEY)) return parsed;
  const { reply, response } = (parsed as Record<typeof QUOTING_KEY, { reply: object; response: { result?: unknown } }>)[QUOTING_KEY];
  return { ...reply, result: response.result };
}

/** Renderer → host over WebSocket. */
export interface WireRequest {
  type: 'request';
  id: number;
  name: string;
  params: unknown;
}

/** Host → renderer over WebSocket. */
export type WireMessage =
  | ({ type: 'response'; id: number } & WireResult)
  /** A large value: its JSON is fetched, once, from this path on the host (see main/host/reply-stash.ts). */
  | { type: 'response'; id: number; ok: true; fetch: string }
  | { type: 'event'; name: string; payload: unknown };

/**
 * What the Electron preload exposes on `window`: requests come back as WireReplies, unopened,
 * so the renderer turns a failure into the same error type (BridgeError) on both bridges.
 */
export interface PreloadApi {
  request(name: string, params: unknown): Promise<WireReply>;
  /** Returns a function that removes the listener. */
  on(name: string, listener: (payload: unknown) => void): () => void;
}

/** Electron channel names. */
export const IPC_REQUEST_CHANNEL = 'loupe:request';
export const IPC_EVENT_CHANNEL = 'loupe:event';

/** The name under which the preload exposes the API on `window`. */
export const PRELOAD_GLOBAL = 'loupe';

/** An error the core throws on purpose; its message is shown to the user as is. */
export class LoupeError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'LoupeError';
  }
}

export function toWireError(error: unknown): WireError {
  if (error instanceof LoupeError) return { message: error.message, ...(error.code ? { code: error.code } : {}) };
  if (error instanceof Error && error.message) return { message: error.message };
  return { message: `Unexpected failure: ${String(error)}` };
}
