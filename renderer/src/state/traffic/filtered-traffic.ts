import type { TrafficEntry, TrafficListFilter } from '../../../../shared/traffic';
import type { OutcomeUpdate } from '../../../../shared/traffic-outcomes';
import { getApi } from '../../bridge/api';
import { browserFrames } from './browser-frames';
import { PREPEND_ROOM } from './compact-traffic-log';
import { followLiveTraffic, liveTraffic, NEWEST, type LiveFollower } from './live-traffic';
import { TrafficSession } from './traffic-session';

/** What arrived live while the first page was on its way, in order. */
type Held = { entries: readonly TrafficEntry[] } | { outcomes: readonly OutcomeUpdate[] };

/**
 * A filter over entries the window has not loaded: the core runs it (the same filter language,
 * shared/filter), page by page back from the newest, and this session holds the rows it found,
 * then every live entry from then on (the view filters those as it filters any). Older pages come
 * as the person scrolls up (`loadOlder`).
 */
export class CoreFilteredTraffic implements LiveFollower {
  readonly session: TrafficSession;
  /** Older entries may match: ask again from `scannedFrom`. */
  more = true;
  loading = false;
  private scannedFrom = NEWEST;
  private held: Held[] | null = [];
  private readonly stopFollowing: () => void;
  private disposed = false;

  constructor(
    readonly filter: TrafficListFilter,
    capacity: number,
    /** Told whenever the rows or what is left to load change. */
    private readonly onChange: () => void = () => {},
  ) {
    this.session = new TrafficSession(capacity, browserFrames, PREPEND_ROOM);
    this.stopFollowing = followLiveTraffic(this);
  }

  /** The newest matching rows; live entries that came meanwhile follow them. */
  async start(): Promise<void> {
    const lastSeq = liveTraffic.lastSeq;
    const page = await this.fetch(NEWEST);
    if (!page) return;
    const pageLast = page.entries.at(-1)?.seq ?? -1;
    this.session.enqueue(page.entries);
    for (const held of this.held ?? []) {
      if ('entries' in held) this.session.enqueue(held.entries.filter((entry) => entry.seq > Math.max(pageLast, lastSeq)));
      else this.session.enqueueOutcomes(held.outcomes);
    }
    this.held = null;
    this.onChange();
  }

  /** The next older page of matches, once at a time; resolves with how many entries came. */
  async loadOlder(): Promise<number> {
    if (!this.more || this.loading || this.held) return 0;
    const page = await this.fetch(this.scannedFrom);
    if (!page) return 0;
    const added = this.session.prepend(page.entries);
    this.onChange();
    return added;
  }

  append(entries: readonly TrafficEntry[]): void {
    if (this.held) this.held.push({ entries });
    else this.session.enqueue(entries);
  }

  applyOutcomes(outcomes: readonly OutcomeUpdate[]): void {
    if (this.held) this.held.push({ outcomes });
    else this.session.enqueueOutcomes(outcomes);
  }

  clear(): void {
    this.session.clear();
    this.more = false;
    this.onChange();
  }

  dispose(): void {
    this.disposed = true;
    this.stopFollowing();
  }

  private async fetch(beforeSeq: number) {
    this.loading = true;
    try {
      const page = await getApi().invoke('traffic.list', { beforeSeq, filter: this.filter });
      if (this.disposed) return undefined;
      this.scannedFrom = page.scannedFrom ?? page.entries[0]?.seq ?? beforeSeq;
      this.more = page.more === true;
      return page;
    } finally {
      this.loading = false;
    }
  }
}
