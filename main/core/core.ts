import type { EventName, EventPayload, RequestHandlers } from '../../shared/contract.js';

export type CoreEventListener = <E extends EventName>(name: E, payload: EventPayload<E>) => void;

/** The whole app minus its UI: what the Electron layer and the browser host each bind to a bridge. */
export interface Core {
  readonly handlers: RequestHandlers;
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
