import type { TrafficEntry } from '../../../../shared/traffic';

/**
 * The kept traffic, oldest first, at most `capacity` entries. Appends are amortised O(1):
 * evicted entries are skipped with an offset and the array is compacted only once the
 * dead prefix is as long as the capacity, so no event copies the whole log.
 * Entries are deduplicated by `seq` (which only grows), so overlapping loads are harmless.
 */
export class TrafficBuffer {
  private items: TrafficEntry[] = [];
  private start = 0;
  /** Entries evicted here because of the capacity. */
  evicted = 0;

  constructor(readonly capacity: number) {}

  get length(): number {
    return this.items.length - this.start;
  }

  get lastSeq(): number {
    return this.items.length > this.start ? this.items[this.items.length - 1]!.seq : -1;
  }

  /** Appends entries newer than the last one kept; returns how many were added. */
  append(entries: readonly TrafficEntry[]): number {
    let last = this.lastSeq;
    let added = 0;
    for (const entry of entries) {
      if (entry.seq <= last) continue;
      this.items.push(entry);
      last = entry.seq;
      added += 1;
    }
    this.evictOverflow();
    return added;
  }

  clear(): void {
    this.items = [];
    this.start = 0;
  }

  /** The entry at a position counted from the oldest kept entry. */
  at(index: number): TrafficEntry | undefined {
    return index < 0 || index >= this.length ? undefined : this.items[this.start + index];
  }

  /** A copy of the newest `count` entries, oldest first. */
  newest(count: number): TrafficEntry[] {
    return this.items.slice(Math.max(this.start, this.items.length - count));
  }

  /** Binary search: `seq` grows strictly along the buffer. */
  findBySeq(seq: number): TrafficEntry | undefined {
    let low = this.start;
    let high = this.items.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const entry = this.items[middle]!;
      if (entry.seq === seq) return entry;
      if (entry.seq < seq) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  /** The kept entries with `seq` greater than `afterSeq`, oldest first. */
  entriesAfter(afterSeq: number): TrafficEntry[] {
    let low = this.start;
    let high = this.items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.items[middle]!.seq <= afterSeq) low = middle + 1;
      else high = middle;
    }
    return this.items.slice(low);
  }

  private evictOverflow(): void {
    const overflow = this.length - this.capacity;
    if (overflow > 0) {
      this.start += overflow;
      this.evicted += overflow;
    }
    if (this.start >= this.capacity) {
      this.items = this.items.slice(this.start);
      this.start = 0;
    }
  }
}
