/**
 * A growable, sorted list of positions in an Int32Array. Dropping from the front moves an
 * offset; the storage is compacted only when half of it is dead, so trimming is amortised O(1).
 */
export class PositionList {
  private data: Int32Array;
  private head = 0;
  private tail = 0;

  constructor(initialCapacity = 1024) {
    this.data = new Int32Array(initialCapacity);
  }

  get length(): number {
    return this.tail - this.head;
  }

  at(index: number): number {
    return index >= 0 && index < this.length ? this.data[this.head + index]! : -1;
  }

  last(): number {
    return this.tail > this.head ? this.data[this.tail - 1]! : -1;
  }

  push(position: number): void {
    if (this.tail === this.data.length) this.grow();
    this.data[this.tail++] = position;
  }

  /** Index of `position`, or -(insertion point) - 1 when absent. */
  search(position: number): number {
    let low = this.head;
    let high = this.tail - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.data[middle]!;
      if (found === position) return middle - this.head;
      if (found < position) low = middle + 1;
      else high = middle - 1;
    }
    return -(low - this.head) - 1;
  }

  /** Drops every position below `minimum` (they are at the front). */
  trimBelow(minimum: number): void {
    if (this.length === 0 || this.data[this.head]! >= minimum) return;
    const index = this.search(minimum);
    this.head += index >= 0 ? index : -index - 1;
    if (this.head === this.tail) {
      this.head = 0;
      this.tail = 0;
    }
  }

  /** Removes the positions in `removed` and inserts those in `added` (both sorted ascending). */
  applyChanges(removed: readonly number[], added: readonly number[]): void {
    const result = new Int32Array(Math.max(1024, this.length + added.length));
    let write = 0;
    let read = this.head;
    let remove = 0;
    let add = 0;
    while (read < this.tail || add < added.length) {
      const current = read < this.tail ? this.data[read]! : Number.POSITIVE_INFINITY;
      const next = add < added.length ? added[add]! : Number.POSITIVE_INFINITY;
      if (next < current) {
        result[write++] = next;
        add++;
        continue;
      }
      if (next === current) add++;
      while (remove < removed.length && removed[remove]! < current) remove++;
      if (remove < removed.length && removed[remove] === current) remove++;
      else result[write++] = current;
      read++;
    }
    this.data = result;
    this.head = 0;
    this.tail = write;
  }

  clear(): void {
    this.head = 0;
    this.tail = 0;
  }

  toArray(): number[] {
    return Array.from(this.data.subarray(this.head, this.tail));
  }

  private grow(): void {
    const live = this.length;
    const next = new Int32Array(Math.max(1024, live * 2));
    next.set(this.data.subarray(this.head, this.tail));
    this.data = next;
    this.head = 0;
    this.tail = live;
  }
}
