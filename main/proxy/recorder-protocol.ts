/** Messages between a proxy's byte path (main thread) and its recorder thread. */
import type { HttpExchange } from '../../shared/auth.js';
import type { InterceptDecision, InterceptRule } from '../../shared/proxy.js';
import type { Direction } from '../../shared/traffic.js';
import type { ProxyToCore, SessionHello } from '../core/proxy/link-messages.js';

/** The three byte streams of a stdio session: the client's writes, the server's stdout and stderr. */
export type WireStream = 'stdin' | 'stdout' | 'stderr';

export interface RecorderStart {
  dataDir: string;
  hello: Omit<SessionHello, 'earlierRecords'>;
  /** Counts the bytes the thread has taken in (BigInt64Array over a SharedArrayBuffer): how far behind it is. */
  consumed: SharedArrayBuffer;
}

/** One chunk of a `chunks` message: its stream, when it passed, and how many of the bytes are its. */
export interface ChunkPart {
  stream: WireStream;
  time: number;
  length: number;
}

export type ToRecorder =
  /** Chunks as they passed, one after another in `bytes`; the thread finds the lines. */
  | { type: 'chunks'; bytes: Uint8Array; parts: ChunkPart[] }
  /** Bytes that passed but were not handed over: the thread had fallen too far behind. */
  | { type: 'gap'; stream: WireStream; time: number; bytes: number }
  /** A whole message's text as it passed (HTTP bodies and events, intercepted lines). */
  | { type: 'line'; direction: Direction; time: number; bytes: Uint8Array }
  | { type: 'note'; time: number; text: string }
  | { type: 'http'; time: number; exchange: HttpExchange }
  | { type: 'control'; message: ProxyToCore; payload?: Uint8Array }
  | { type: 'end'; exit?: string };

export type FromRecorder =
  | { type: 'rules'; rules: InterceptRule[] }
  | { type: 'decide'; id: string; decision: InterceptDecision }
  /** The app's link closed: whatever is paused goes on as it is. */
  | { type: 'appGone' }
  | { type: 'done' };
