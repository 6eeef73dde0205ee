import type { CompactTrafficLog, RowChangeListener } from './compact-traffic-log.js';
import type { RowFilter } from '../../../../shared/filter/traffic-filter.js';
import { PositionList } from './position-list.js';

/** How many positions are tested between two looks at the clock. */
const CLOCK_STRIDE = 512;

export const MATCH_ALL: RowFilter = { test: () => true, dependsOnRowState: false, dependsOnConnections: false, matchesAll: true };
/** For a view that is not needed now: it holds no rows and does no work. */
export const IDLE: RowFilter = { test: () => false, dependsOnRowState: false, dependsOnConnections: false, matchesAll: false };

/**
 * The rows a filter lets through, kept up to date incrementally: new entries are tested as
 * they arrive, rows whose response or cancel arrived later are re-tested, and a new filter
 * rescans the log in time slices while the previous rows stay on screen.
 */
export class TrafficView implements RowChangeListener {
  rows = new PositionList();
  /** Bumped whenever `rows` changes. */
  revision = 0;
  private scanned: number;
  private changed = new Set<number>();
  private rebuild: { rows: PositionList; scanned: number } | null = null;
  private connectionEpoch: number;

  constructor(
    private readonly log: CompactTrafficLog,
    private filter: RowFilter = MATCH_ALL,
  ) {
    this.scanned = log.start;
    this.connectionEpoch = log.connectionEpoch;
  }

  /** Starts hearing about rows that change; returns the function that stops it. */
  attach(): () => void {
    // Changes missed while detached are caught by a rescan.
    if (this.filter !== IDLE) this.startRebuild();
    return this.log.listen(this);
  }

  /** True while a new filter is still being applied to older entries. */
  get rebuilding(): boolean {
    return this.rebuild !== null;
  }

  /** True when entries are waiting to be tested or a rescan is under way. */
  get behind(): boolean {
    return this.rebuild !== null || this.scanned < this.log.end || this.changed.size > 0;
  }

  setFilter(filter: RowFilter): void {
    this.filter = filter;
    if (filter === IDLE) {
      this.rows = new PositionList();
      this.rebuild = null;
      this.changed.clear();
      this.revision++;
      return;
    }
    this.startRebuild();
  }

  rowChanged(position: number): void {
    if (this.filter.dependsOnRowState) this.changed.add(position);
  }

  /** Rows of evicted entries go at once: nothing may read an entry that is no longer kept. */
  evicted(start: number): void {
    const before = this.rows.length;
    this.rows.trimBelow(start);
    this.rebuild?.rows.trimBelow(start);
    if (this.rows.length !== before) this.revision++;
  }

  prepended(start: number, before: number, merged: readonly number[]): void {
    if (this.filter === IDLE) return;
    // A rescan under way started above the new entries: start it again from the new start.
    if (this.rebuild) {
      this.startRebuild();
      return;
    }
    for (const position of this.changed) if (position < before) this.changed.delete(position);
    const added: number[] = [];
    for (let position = start; position < before; position++) {
      if (this.log.isRow(position) && (this.filter.matchesAll || this.filter.test(position))) added.push(position);
    }
    const removed = merged.filter((position) => this.rows.search(position) >= 0).sort((a, b) => a - b);
    if (added.length === 0 && removed.length === 0) return;
    this.rows.applyChanges(removed, added);
    this.revision++;
  }

  reset(): void {
    this.rows = new PositionList();
    this.scanned = this.log.start;
    this.rebuild = null;
    this.changed.clear();
    this.revision++;
  }

  /**
   * Brings the rows up to date, working until `now()` reaches `deadline`.
   * Returns true when they are complete.
   */
  sync(deadline: number, now: () => number = () => performance.now()): boolean {
    const log = this.log;
    if (this.filter === IDLE) {
      this.scanned = log.end;
      return true;
    }
    if (this.filter.dependsOnConnections && log.connectionEpoch !== this.connectionEpoch) this.startRebuild();
    this.connectionEpoch = log.connectionEpoch;

    if (this.rebuild) {
      const job = this.rebuild;
      job.rows.trimBelow(log.start);
      job.scanned = this.scan(job.rows, Math.max(job.scanned, log.start), deadline, now);
      if (job.scanned < log.end) return false;
      this.rows = job.rows;
      this.scanned = job.scanned;
      this.rebuild = null;
      this.revision++;
    }

    const before = this.rows.length;
    this.rows.trimBelow(log.start);
    if (this.rows.length !== before) this.revision++;
    if (this.changed.size > 0) this.retest();

    const scannedBefore = this.scanned;
    const lengthBefore = this.rows.length;
    this.scanned = this.scan(this.rows, Math.max(this.scanned, log.start), deadline, now);
    if (this.scanned !== scannedBefore && this.rows.length !== lengthBefore) this.revision++;
    return this.scanned >= log.end;
  }

  private startRebuild(): void {
    this.rebuild = { rows: new PositionList(Math.max(1024, this.rows.length)), scanned: this.log.start };
    this.changed.clear();
  }

  private retest(): void {
    const removed: number[] = [];
    const added: number[] = [];
    const sorted = [...this.changed].sort((a, b) => a - b);
    this.changed.clear();
    for (const position of sorted) {
      if (position < this.log.start || position >= this.scanned) continue;
      const shown = this.rows.search(position) >= 0;
      const matches = this.log.isRow(position) && this.filter.test(position);
      if (shown && !matches) removed.push(position);
      else if (!shown && matches) added.push(position);
    }
    if (removed.length === 0 && added.length === 0) return;
    this.rows.applyChanges(removed, added);
    this.revision++;
  }

  /** Tests positions from `from` on, pushing matches, until the end or the deadline. Returns where it stopped. */
  private scan(rows: PositionList, from: number, deadline: number, now: () => number): number {
    const log = this.log;
    const filter = this.filter;
    const end = log.end;
    let position = from;
    while (position < end) {
      const stop = Math.min(end, position + CLOCK_STRIDE);
      for (; position < stop; position++) {
        if (log.isRow(position) && (filter.matchesAll || filter.test(position))) rows.push(position);
      }
      if (now() >= deadline) break;
    }
    return position;
  }
}
