/**
 * A run's progress for the window: the requests finished since the last event, handed on at most
 * every PROGRESS_EVERY_MS (and at once when the run ends), so a 1,000-request run costs the window
 * a handful of events and store updates rather than one per request.
 */
import type { RequestRun } from '../../../shared/collections.js';

export const PROGRESS_EVERY_MS = 100;
/** An event never carries more than this many requests; the rest go in the next. */
export const PROGRESS_MAX_BATCH = 500;

export interface RunProgressEvent {
  runId: string;
  requests: RequestRun[];
  done: number;
  total: number;
}

export class RunProgress {
  private queue: RequestRun[] = [];
  private done = 0;
  private total = 0;
  private runId = '';
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly send: (event: RunProgressEvent) => void) {}

  /** A request finished: the first of a run goes out at once, the next ones with the next flush. */
  push(request: RequestRun, done: number, total: number, runId: string): void {
    const first = this.runId !== runId;
    if (first) this.flush();
    this.runId = runId;
    this.done = done;
    this.total = total;
    this.queue.push(request);
    if (first || this.queue.length >= PROGRESS_MAX_BATCH) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), PROGRESS_EVERY_MS);
  }

  /** Hands on what is queued now (the run's end calls this before it answers). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length === 0) return;
    const requests = this.queue;
    this.queue = [];
    this.send({ runId: this.runId, requests, done: this.done, total: this.total });
  }
}
