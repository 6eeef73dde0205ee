import type { TrafficEntry } from '../../../../shared/traffic.js';
import type { OutcomeUpdate } from '../../../../shared/traffic-outcomes.js';
import { CompactTrafficLog } from './compact-traffic-log.js';
import type { TrafficView } from './traffic-view.js';

/** Work done per animation frame, so a flood never blocks the page for long. */
const FRAME_BUDGET_MS = 10;
/** Entries appended between two looks at the clock. */
const CLOCK_STRIDE = 256;
/** Listeners (the table) hear about new rows at most this often. */
const NOTIFY_INTERVAL_MS = 100;

/** When work runs: animation frames in the page, a fake clock in tests. */
export interface FrameScheduler {
  /** Runs `callback` once, soon; returns a function that cancels it. */
  request: (callback: () => void) => () => void;
  now: () => number;
}

/** What the queue holds: entries to append, or the core's word on requests' outcomes (in arrival order). */
type Queued = readonly TrafficEntry[] | { readonly outcomes: readonly OutcomeUpdate[] };

function isOutcomes(batch: Queued): batch is { readonly outcomes: readonly OutcomeUpdate[] } {
  return !Array.isArray(batch);
}

/**
 * One traffic log (live, or an imported file) with the views that filter it. Incoming entries
 * and outcome updates are queued and applied at most once per animation frame within a time
 * budget; listeners are told at most once per frame, and during a flood about every 100 ms.
 * While the queue or a view is behind, `catchingUp` is true.
 */
export class TrafficSession {
  readonly log: CompactTrafficLog;
  /** Bumped once per frame in which anything changed; what components subscribe to. */
  version = 0;
  catchingUp = false;
  private queue: Queued[] = [];
  private queueIndex = 0;
  private readonly views = new Set<TrafficView>();
  private readonly listeners = new Set<() => void>();
  private cancelFrame: (() => void) | null = null;
  /** Changes not shown yet (rows arrived within the last notification interval). */
  private notifyPending = false;
  private notifiedAt = Number.NEGATIVE_INFINITY;

  constructor(
    capacity: number,
    private readonly frames: FrameScheduler,
    /** Where the log's first entry goes: above 0 when older pages will be prepended. */
    firstPosition = 0,
  ) {
    this.log = new CompactTrafficLog(capacity, firstPosition);
  }

  get queued(): number {
    let count = -this.queueIndex;
    for (const batch of this.queue) if (!isOutcomes(batch)) count += batch.length;
    return count;
  }

  /** The newest seq kept or waiting in the queue. */
  get lastSeq(): number {
    let queuedLast = -1;
    for (const batch of this.queue) if (!isOutcomes(batch) && batch.length > 0) queuedLast = batch[batch.length - 1]!.seq;
    return Math.max(this.log.lastSeq, queuedLast);
  }

  /** Entries received but not applied yet, oldest first. */
  pendingEntries(): TrafficEntry[] {
    const pending: TrafficEntry[] = [];
    this.queue.forEach((batch, index) => {
      if (isOutcomes(batch)) return;
      for (let item = index === 0 ? this.queueIndex : 0; item < batch.length; item++) pending.push(batch[item]!);
    });
    return pending;
  }

  enqueue(entries: readonly TrafficEntry[]): void {
    if (entries.length === 0) return;
    this.queue.push(entries);
    this.schedule();
  }

  /** The core's word on requests' outcomes: applied after the entries queued before it. */
  enqueueOutcomes(outcomes: readonly OutcomeUpdate[]): void {
    if (outcomes.length === 0) return;
    this.queue.push({ outcomes });
    this.schedule();
  }

  /** An older page (ascending, older than everything kept): goes in below at once. Returns how many entries it added. */
  prepend(entries: readonly TrafficEntry[]): number {
    const added = this.log.prepend(entries);
    if (added > 0) this.changed();
    return added;
  }

  /** Keeps the view up to date until the returned function is called. */
  addView(view: TrafficView): () => void {
    const detach = view.attach();
    this.views.add(view);
    this.schedule();
    return () => {
      this.views.delete(view);
      detach();
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  clear(): void {
    this.queue = [];
    this.queueIndex = 0;
    this.log.clear();
    this.changed();
  }

  /** Something outside the queue changed (a filter, the connections): refresh at the next frame. */
  schedule(): void {
    this.cancelFrame ??= this.frames.request(() => {
      this.cancelFrame = null;
      this.runFrame();
    });
  }

  /** Applies queued entries and updates the views within one frame's budget. */
  runFrame(budgetMs = FRAME_BUDGET_MS): void {
    const deadline = this.frames.now() + budgetMs;
    const wasEmpty = this.log.length === 0;
    const appended = this.drainQueue(deadline);
    // Views always get a little time, even when appending used the whole budget.
    const viewDeadline = Math.max(deadline, this.frames.now() + 2);
    let viewsDone = true;
    let viewsChanged = false;
    let rebuildFinished = false;
    for (const view of this.views) {
      const revision = view.revision;
      const wasRebuilding = view.rebuilding;
      viewsDone = view.sync(viewDeadline, () => this.frames.now()) && viewsDone;
      viewsChanged ||= view.revision !== revision;
      rebuildFinished ||= wasRebuilding && !view.rebuilding;
    }
    const behind = this.queue.length > 0 || !viewsDone;
    const catchingUpChanged = behind !== this.catchingUp;
    this.catchingUp = behind;
    this.notifyPending ||= appended > 0 || viewsChanged;
    // New rows are shown at most every NOTIFY_INTERVAL_MS, so a flood costs a few renders a
    // second; the first rows of an empty log (a reload's newest page), a finished filter or a
    // change of the "catching up" state are shown at once.
    const due = this.frames.now() - this.notifiedAt >= NOTIFY_INTERVAL_MS;
    if (rebuildFinished || catchingUpChanged || (wasEmpty && appended > 0) || (this.notifyPending && due)) this.changed();
    if (behind || this.notifyPending) this.schedule();
  }

  /** Tells listeners now (a filter was applied synchronously, a setting changed). */
  changed(): void {
    this.notifyPending = false;
    this.notifiedAt = this.frames.now();
    this.version++;
    for (const listener of this.listeners) listener();
  }

  private drainQueue(deadline: number): number {
    let appended = 0;
    while (this.queue.length > 0) {
      const batch = this.queue[0]!;
      if (isOutcomes(batch)) {
        for (const update of batch.outcomes) this.log.applyOutcome(update);
        this.queue.shift();
        appended++;
        continue;
      }
      while (this.queueIndex < batch.length) {
        const stop = Math.min(batch.length, this.queueIndex + CLOCK_STRIDE);
        for (; this.queueIndex < stop; this.queueIndex++) {
          if (this.log.append(batch[this.queueIndex]!)) appended++;
        }
        if (this.frames.now() >= deadline) break;
      }
      if (this.queueIndex < batch.length) break;
      this.queue.shift();
      this.queueIndex = 0;
    }
    return appended;
  }
}
