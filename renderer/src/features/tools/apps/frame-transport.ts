import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import type { AppWireRecord } from '../../../../../shared/apps';
import { checkMessageBudget } from './message-budget';

/** Limits on what one app frame may post to the window. */
export interface FrameLimits {
  /** Messages accepted per `windowMs`; the rest are dropped and counted. */
  maxMessages: number;
  windowMs: number;
  /** Largest message accepted, in characters of its JSON (measured only up to this many). */
  maxChars: number;
  /** Deepest nesting of arrays and objects accepted (the core keeps deeper messages as text only). */
  maxDepth: number;
}

export const DEFAULT_FRAME_LIMITS: FrameLimits = { maxMessages: 200, windowMs: 1_000, maxChars: 1024 * 1024, maxDepth: 512 };

/** What the transport reports: every message in and out, and what the app did wrong. */
export type RecordSink = (record: AppWireRecord) => void;

/** The part of a `MessageEvent` the transport reads (so tests can hand it plain objects). */
export interface FrameMessage {
  source: unknown;
  origin: string;
  data: unknown;
}

/**
 * The host end of one app frame's `postMessage` channel, under ext-apps' AppBridge. It accepts a
 * message only from the frame's own window *and* origin, drops (and reports) anything that is not
 * JSON-RPC, is too large, or comes too fast, and posts to the frame's origin only, never to `*`.
 */
export class FrameTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private windowStart = 0;
  private inWindow = 0;
  private dropped = 0;
  private readonly listener = (event: MessageEvent) => this.receive(event);

  constructor(
    private readonly frame: Pick<Window, 'postMessage'>,
    private readonly origin: string,
    private readonly record: RecordSink,
    private readonly limits: FrameLimits = DEFAULT_FRAME_LIMITS,
    private readonly target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  start(): Promise<void> {
    this.target.addEventListener('message', this.listener);
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.target.removeEventListener('message', this.listener);
    this.onclose?.();
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    this.record({ direction: 'out', message });
    this.frame.postMessage(message, this.origin);
    return Promise.resolve();
  }

  /** Public for tests: one message event seen by the window. */
  receive(event: FrameMessage): void {
    // Another frame's (or the page's own) messages are not this app's business.
    if (event.source !== this.frame) return;
    if (event.origin !== this.origin) {
      this.record({
        direction: 'in',
        text: `A message from the app's window came from ${event.origin.slice(0, 200)}`,
        violation: `The app's window posted from ${event.origin.slice(0, 200)}, not from its own origin ${this.origin}; Loupe ignored it (it navigated away?).`,
      });
      return;
    }
    // The rate limit comes before anything reads `event.data`: Chromium deserializes it lazily.
    if (!this.admit()) return;
    if (!this.withinBudget(event.data)) return;
    const parsed = JSONRPCMessageSchema.safeParse(event.data);
    if (!parsed.success) {
      this.record({ direction: 'in', message: event.data, violation: 'The app posted something that is not a JSON-RPC 2.0 message; Loupe ignored it.' });
      return;
    }
    this.record({ direction: 'in', message: event.data });
    this.onmessage?.(parsed.data);
  }

  /** Measures the message only up to the limits, so an oversized one costs the window no more than an allowed one. */
  private withinBudget(data: unknown): boolean {
    const problem = checkMessageBudget(data, this.limits.maxChars, this.limits.maxDepth);
    if (!problem) return true;
    if (problem.kind === 'not-json') {
      this.record({ direction: 'in', text: 'A message that is not JSON', violation: `The app posted a value holding ${problem.what}, which JSON cannot hold; Loupe ignored it.` });
    } else if (problem.kind === 'size') {
      const limit = this.limits.maxChars.toLocaleString('en');
      this.record({
        direction: 'in',
        text: `A message of more than ${limit} characters`,
        violation: `The app posted a message of more than ${limit} characters; Loupe accepts up to ${limit} and ignored it.`,
      });
    } else {
      const limit = this.limits.maxDepth.toLocaleString('en');
      this.record({
        direction: 'in',
        text: `A message nested more than ${limit} levels deep`,
        violation: `The app posted a message nested more than ${limit} levels deep (or one that contains itself); Loupe accepts up to ${limit} levels and ignored it.`,
      });
    }
    return false;
  }

  /** A fixed window per `windowMs`: past `maxMessages`, messages are dropped and counted once per window. */
  private admit(): boolean {
    const now = this.clock();
    if (now - this.windowStart >= this.limits.windowMs) {
      if (this.dropped > 0) this.reportDropped();
      this.windowStart = now;
      this.inWindow = 0;
    }
    this.inWindow++;
    if (this.inWindow <= this.limits.maxMessages) return true;
    this.dropped++;
    if (this.dropped === 1) {
      this.record({
        direction: 'in',
        text: 'Too many messages',
        violation: `The app posted more than ${this.limits.maxMessages} messages within ${this.limits.windowMs} ms; Loupe drops the rest of them.`,
      });
    }
    return false;
  }

  private reportDropped(): void {
    this.record({ direction: 'in', text: `Dropped ${this.dropped} messages`, violation: `Loupe dropped ${this.dropped} messages of a flood from the app.` });
    this.dropped = 0;
  }
}
