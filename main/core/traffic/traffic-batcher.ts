import type { TrafficEntry } from '../../../shared/traffic.js';
import type { OutcomeUpdate } from '../../../shared/traffic-outcomes.js';

/** How often queued entries are flushed to listeners. Small enough to feel live, large enough to batch floods. */
export const TRAFFIC_FLUSH_MS = 50;
/** A flush never carries more than this many entries; the rest go in the next flush. */
export const TRAFFIC_MAX_BATCH = 1_000;

/** An outcome update waits until the entries up to `afterSeq` have gone (the request, the entry that ended it). */
interface QueuedOutcome {
  update: OutcomeUpdate;
  afterSeq: number;
}

/**
 * Collects entries and hands them on in batches, so a server that sends thousands of
 * notifications a second costs the UI a few events a second, not thousands. Outcome updates go
 * out in the same flushes, each after the entries it names, so the window never hears of a
 * request's end before the request.
 */
export class TrafficBatcher {
  private queue: TrafficEntry[] = [];
  private outcomes: QueuedOutcome[] = [];
  /** The seq of the newest entry pushed. */
  private pushedSeq = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly flushTo: (batch: TrafficEntry[]) => void,
    private readonly flushOutcomesTo: (updates: OutcomeUpdate[]) => void = () => {},
  ) {}

  push(entry: TrafficEntry): void {
    this.queue.push(entry);
    this.pushedSeq = entry.seq;
    this.timer ??= setTimeout(() => this.flush(), TRAFFIC_FLUSH_MS);
  }

  pushOutcome(update: OutcomeUpdate): void {
    this.outcomes.push({ update, afterSeq: this.pushedSeq });
    this.timer ??= setTimeout(() => this.flush(), TRAFFIC_FLUSH_MS);
  }

  /** Hands on one batch now; what is left goes in the next tick, so a flood arrives as many small messages. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length > 0) this.flushTo(this.queue.splice(0, TRAFFIC_MAX_BATCH));
    this.flushOutcomes();
    if (this.queue.length > 0 || this.outcomes.length > 0) this.timer = setTimeout(() => this.flush(), 0);
  }

  /** Hands on everything queued at once (at shutdown, and for callers that need it all now). */
  drain(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.queue.length > 0) this.flushTo(this.queue.splice(0, TRAFFIC_MAX_BATCH));
    this.flushOutcomes();
  }

  /** Forgets queued entries (after a clear). */
  discard(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.queue = [];
    this.outcomes = [];
  }

  /** The updates whose entries have all gone. */
  private flushOutcomes(): void {
    const sentThrough = this.queue.length > 0 ? this.queue[0]!.seq - 1 : this.pushedSeq;
    let ready = 0;
    while (ready < this.outcomes.length && this.outcomes[ready]!.afterSeq <= sentThrough) ready++;
    if (ready > 0) this.flushOutcomesTo(this.outcomes.splice(0, ready).map((queued) => queued.update));
  }
}
