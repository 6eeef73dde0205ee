import type { EventName, EventPayload, RequestHandlers } from '../../shared/contract.js';
import type { WireResult } from '../../shared/wire.js';

/** A large reply's JSON, in a file a core process wrote (see core-process/reply-files.ts). */
export interface ReplyFile {
  path: string;
  bytes: number;
}

/**
 * A request's answer as a bridge gets it: a value or an error; from a core in another process, the
 * value's JSON text, or for a large one the file it was written to.
 */
export type CoreReply = WireResult | { ok: true; text: string } | { ok: true; file: ReplyFile };

export type CoreEventListener = <E extends EventName>(name: E, payload: EventPayload<E>) => void;

/** The whole app minus its UI: what the Electron layer and the browser host each bind to a bridge. */
export interface Core {
  readonly handlers: RequestHandlers;
  /**
   * Answers a request for a bridge, where that differs from `dispatchRequest` over `handlers`: a
   * core in another process returns a large value as the file its JSON was written to, unread.
   */
  dispatch?(name: unknown, params: unknown): Promise<CoreReply>;
  /** Receives every event the core emits. Returns a function that unsubscribes. */
  subscribe(listener: CoreEventListener): () => void;
  /** Disconnects every server and flushes pending writes. */
  dispose(): Promise<void>;
}

export interface CoreOptions {
  /** Where servers.json and other state live. Created when missing. */
  dataDir: string;
  mode: 'electron' | 'browser';
  version: string;
  /**
   * The origin MCP App frames are served on, with `{app}` for the app's host label
   * (e.g. `http://{app}.localhost:5174`, `loupe-app://{app}`). Without it no app can be opened.
   */
  appFrameOrigin?: string;
}
