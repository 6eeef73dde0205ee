import { DEFAULT_MAX_ENTRIES, type TrafficEntry, type TrafficPage } from '../../../shared/traffic.js';

export interface RetentionLimits {
  /** Most entries kept; the oldest are dropped first. */
  maxEntries: number;
  /** Most message bytes kept, summed over entries' `size`. */
  maxBytes: number;
}

export const DEFAULT_RETENTION: RetentionLimits = { maxEntries: DEFAULT_MAX_ENTRIES, maxBytes: 512 * 1024 * 1024 };

/**
 * Every entry of every connection, in sequence order, bounded by a retention limit.
 * Sequence numbers are contiguous, so lookup by seq is an index computation.
 */
export class TrafficRecord {
  private entries: TrafficEntry[] = [];
  /** Index of the oldest kept entry in `entries` (dropping is amortised by compaction). */
  private head = 0;
  private bytes = 0;
  private nextSeq = 1;
  private droppedCount = 0;

  private limits: RetentionLimits;

  constructor(limits: RetentionLimits = DEFAULT_RETENTION) {
    this.limits = { ...limits };
  }

  get maxEntries(): number {
    return this.limits.maxEntries;
  }

  set maxEntries(value: number) {
    this.limits = { ...this.limits, maxEntries: value };
    this.enforceRetention();
  }

  /** Numbers the entry (in place) and keeps it. */
  append(entry: TrafficEntry): TrafficEntry {
    entry.seq = this.nextSeq++;
    this.entries.push(entry);
    this.bytes += entry.size;
    this.enforceRetention();
    return entry;
  }

  /** The oldest kept entry's seq; undefined when none is kept. */
  get oldestSeq(): number | undefined {
    return this.entries[this.head]?.seq;
  }

  /** The seq the newest entry recorded got (0 before any). */
  get lastSeq(): number {
    return this.nextSeq - 1;
  }

  get(seq: number): TrafficEntry | undefined {
    const first = this.entries[this.head];
    if (!first || seq < first.seq) return undefined;
    return this.entries[this.head + (seq - first.seq)];
  }

  list(afterSeq = 0, limit = Number.POSITIVE_INFINITY): TrafficPage {
    const first = this.entries[this.head];
    let start = this.head;
    if (first && afterSeq >= first.seq) start = this.head + (afterSeq - first.seq) + 1;
    const end = Math.min(this.entries.length, start + Math.max(0, limit));
    return { entries: this.entries.slice(start, end), dropped: this.droppedCount };
  }

  /** Visits the kept entries after `afterSeq`, oldest first, until `visit` returns false. */
  forEachAfter(afterSeq: number, visit: (entry: TrafficEntry) => boolean): void {
    const first = this.entries[this.head];
    if (!first) return;
    const start = afterSeq >= first.seq ? this.head + (afterSeq - first.seq) + 1 : this.head;
    for (let index = start; index < this.entries.length; index++) {
      if (!visit(this.entries[index]!)) return;
    }
  }

  /** Visits the kept entries before `beforeSeq`, newest first, until `visit` returns false. */
  forEachBefore(beforeSeq: number, visit: (entry: TrafficEntry) => boolean): void {
    const first = this.entries[this.head];
    if (!first) return;
    const end = Math.min(this.entries.length, this.head + Math.max(0, beforeSeq - first.seq));
    for (let index = end - 1; index >= this.head; index--) {
      if (!visit(this.entries[index]!)) return;
    }
  }

  clear(): void {
    this.entries = [];
    this.head = 0;
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.length - this.head;
  }

  get dropped(): number {
    return this.droppedCount;
  }

  private enforceRetention(): void {
    while (this.size > 1 && (this.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes)) {
      const oldest = this.entries[this.head];
      if (!oldest) break;
      this.bytes -= oldest.size;
      // Let it go now, not at the next compaction: up to half the array would hold dropped entries.
      this.entries[this.head] = undefined as unknown as TrafficEntry;
      this.head++;
      this.droppedCount++;
    }
    if (this.head > 4096 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }
}
