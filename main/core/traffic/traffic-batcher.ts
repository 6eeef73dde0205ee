import type { TrafficEntry } from '../../../shared/traffic.js';

/** How often queued entries are flushed to listeners. Small enough to feel live, large enough to batch floods. */
export const TRAFFIC_FLUSH_MS = 50;
/** A flush never carries more than this many entries; the rest go in the next flush. */
export const TRAFFIC_MAX_BATCH = 1_000;

/**
 * Collects entries and hands them on in batches, so a server that sends thousands of
 * notifications a second costs the UI a few events a second, not thousands.
 */
export class TrafficBatcher {
  private queue: TrafficEntry[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly flushTo: (batch: TrafficEntry[]) => void) {}

  push(entry: TrafficEntry): void {
    this.queue.push(entry);
    this.timer ??= setTimeout(() => this.flush(), TRAFFIC_FLUSH_MS);
  }

  /** Hands on one batch now; what is left goes in the next tick, so a flood arrives as many small messages. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length === 0) return;
    this.flushTo(this.queue.splice(0, TRAFFIC_MAX_BATCH));
    if (this.queue.length > 0) this.timer = setTimeout(() => this.flush(), 0);
  }

  /** Hands on everything queued at once (at shutdown, and for callers that need it all now). */
  drain(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.queue.length > 0) this.flushTo(this.queue.splice(0, TRAFFIC_MAX_BATCH));
  }

  /** Forgets queued entries (after a clear). */
  discard(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.queue = [];
  }
}
