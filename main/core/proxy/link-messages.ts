/**
 * The messages of the link between a `loupe proxy` and the running app's core, and how a wire
 * event becomes a frame and back. Everything read off the link is checked here: a proxy is the
 * user's own process, but the core still bounds and checks what it takes in.
 */
import type { HttpExchange } from '../../../shared/auth.js';
import type { InterceptDecision, InterceptRule } from '../../../shared/proxy.js';
import type { Direction } from '../../../shared/traffic.js';
import { encodeFrame, FrameError, type Frame } from './proxy-frames.js';
import type { WireEvent } from './wire-events.js';

/** What the proxy says about its session when it connects. */
export interface SessionHello {
  name: string;
  transport: 'stdio' | 'http';
  target: string;
  listen?: string;
  pid: number;
  startedAt: number;
  /** Saved sessions that hold this session's entries from before it reached the app. */
  earlierRecords?: string[];
}

export type ProxyToCore =
  | { t: 'hello'; secret: string; protocol: number; session: SessionHello }
  /** A paused message waits for a decision (its text is the payload). */
  | { t: 'paused'; id: string; direction: Direction; ruleId: string; deadline: number; method?: string }
  /** A paused message was let go without the app's decision (timeout, or the proxy is ending). */
  | { t: 'released'; id: string; status: 'timed-out' | 'released' }
  /** Entries the proxy could not keep at all so far. */
  | { t: 'lost'; count: number }
  /** The proxy turned its intercept gates on (rules apply to its lines from now) or off. */
  | { t: 'intercepting'; on: boolean }
  | { t: 'bye'; exit?: string };

export type CoreToProxy =
  | { t: 'welcome'; sessionId: string; serverId: string; rules: InterceptRule[] }
  | { t: 'refused'; reason: string }
  /** The core has recorded (and written to disk) the first `through` events of this link. */
  | { t: 'ack'; through: number }
  | { t: 'rules'; rules: InterceptRule[] }
  | { t: 'decide'; id: string; decision: InterceptDecision };

type EventHeader =
  | { t: 'line'; d: Direction; time: number }
  | { t: 'stderr'; time: number }
  | { t: 'oversized'; d: Direction; s: 'stdout' | 'stderr' | 'stdin'; time: number; size: number; limit: number }
  | { t: 'note'; time: number; text: string; violation?: string }
  | { t: 'http'; time: number; exchange: HttpExchange };

export function eventFrame(event: WireEvent): Buffer[] {
  switch (event.type) {
    case 'line':
      return encodeFrame({ t: 'line', d: event.direction, time: event.time } satisfies EventHeader, event.bytes);
    case 'stderr':
      return encodeFrame({ t: 'stderr', time: event.time } satisfies EventHeader, event.bytes);
    case 'oversized':
      return encodeFrame({ t: 'oversized', d: event.direction, s: event.stream, time: event.time, size: event.size, limit: event.limit } satisfies EventHeader, event.preview);
    case 'note':
      return encodeFrame({ t: 'note', time: event.time, text: event.text, ...(event.violation !== undefined ? { violation: event.violation } : {}) } satisfies EventHeader);
    case 'http':
      return encodeFrame({ t: 'http', time: event.time, exchange: event.exchange } satisfies EventHeader);
  }
}

const isDirection = (value: unknown): value is Direction => value === 'in' || value === 'out';
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const MAX_NOTE_CHARS = 16 * 1024;

function isExchange(value: unknown): value is HttpExchange {
  const exchange = value as Partial<HttpExchange> | null;
  return (
    typeof exchange === 'object' &&
    exchange !== null &&
    typeof exchange.method === 'string' &&
    typeof exchange.url === 'string' &&
    typeof exchange.requestHeaders === 'object' &&
    exchange.requestHeaders !== null &&
    typeof exchange.durationMs === 'number' &&
    (exchange.purpose === 'mcp' || exchange.purpose === 'oauth')
  );
}

/** The wire event a frame carries; undefined when the frame is a control message, not an event. Throws FrameError on a bad event. */
export function eventOfFrame(frame: Frame): WireEvent | undefined {
  const header = frame.header;
  const bad = (what: string) => new FrameError(`A "${String(header.t)}" event ${what}.`);
  switch (header.t) {
    case 'line':
      if (!isDirection(header.d) || !isTime(header.time)) throw bad('has no direction or time');
      return { type: 'line', direction: header.d, time: header.time, bytes: frame.payload };
    case 'stderr':
      if (!isTime(header.time)) throw bad('has no time');
      return { type: 'stderr', time: header.time, bytes: frame.payload };
    case 'oversized':
      if (!isDirection(header.d) || !isTime(header.time) || !isCount(header.size) || !isCount(header.limit)) throw bad('is missing a field');
      if (header.s !== 'stdout' && header.s !== 'stderr' && header.s !== 'stdin') throw bad('names no stream');
      return { type: 'oversized', direction: header.d, stream: header.s, time: header.time, size: header.size, limit: header.limit, preview: frame.payload };
    case 'note':
      if (!isTime(header.time) || typeof header.text !== 'string') throw bad('has no time or text');
      return {
        type: 'note',
        time: header.time,
        text: header.text.slice(0, MAX_NOTE_CHARS),
        ...(typeof header.violation === 'string' ? { violation: header.violation.slice(0, MAX_NOTE_CHARS) } : {}),
      };
    case 'http':
      if (!isTime(header.time) || !isExchange(header.exchange)) throw bad('has no exchange');
      return { type: 'http', time: header.time, exchange: header.exchange };
    default:
      return undefined;
  }
}
