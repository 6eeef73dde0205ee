import { create } from 'zustand';
import { DEFAULT_MAX_ENTRIES, type TrafficEntry, type TrafficPage, type TrafficSettings } from '../../../../shared/traffic';
import type { OutcomeUpdate } from '../../../../shared/traffic-outcomes';
import { getApi } from '../../bridge/api';
import { browserFrames } from './browser-frames';
import { PREPEND_ROOM } from './compact-traffic-log';
import { TrafficSession } from './traffic-session';

/** A seq past any the core hands out: `beforeSeq` with it asks for the newest page. */
export const NEWEST = Number.MAX_SAFE_INTEGER;
/**
 * Rows of the first page after a (re)load: a few screens, and a reply small enough to come over
 * the socket as it is (a larger one goes through a reply file and the worker, which costs time).
 */
const FIRST_PAGE_ROWS = 60;

/** The live traffic of this app session: the newest page after a (re)load, older pages as they are asked for. */
export const liveTraffic = new TrafficSession(DEFAULT_MAX_ENTRIES, browserFrames, PREPEND_ROOM);

/** Something that follows the live traffic too (the core-filtered view of the traffic panel). */
export interface LiveFollower {
  append: (entries: readonly TrafficEntry[]) => void;
  applyOutcomes: (updates: readonly OutcomeUpdate[]) => void;
  clear: () => void;
}

const followers = new Set<LiveFollower>();

/** Hands every live batch, outcome update and clear to `follower` too, until the returned function is called. */
export function followLiveTraffic(follower: LiveFollower): () => void {
  followers.add(follower);
  return () => followers.delete(follower);
}

interface LiveTrafficState {
  /** Entries the core had dropped (retention) when the log was last listed. */
  droppedByCore: number;
  /** The core keeps entries older than the oldest the window has loaded. */
  olderKept: boolean;
  /** An older page is on its way. */
  loadingOlder: boolean;
  recording: boolean;
  maxEntries: number;
  diskBudgetBytes: number | null;

  append: (entries: readonly TrafficEntry[]) => void;
  /** The core's word on how requests ended (after the entries they name). */
  applyOutcomes: (updates: readonly OutcomeUpdate[]) => void;
  clear: () => void;
  /**
   * Replaces the live log with the newest page, keeping entries that arrived by event meanwhile
   * (newer than the page and than `lastSeqAtRequest`).
   */
  applyNewestPage: (page: TrafficPage, lastSeqAtRequest: number) => void;
  applySettings: (settings: Partial<TrafficSettings> & Pick<TrafficSettings, 'recording' | 'maxEntries'>) => void;
}

/** Entries of the live session (kept or queued) with a seq above `afterSeq`. */
function liveEntriesAfter(afterSeq: number, queued: readonly TrafficEntry[]): TrafficEntry[] {
  const log = liveTraffic.log;
  const newer: TrafficEntry[] = [];
  for (let position = log.start; position < log.end; position++) {
    if (log.seq(position) > afterSeq) newer.push(log.entry(position));
  }
  for (const entry of queued) if (entry.seq > afterSeq) newer.push(entry);
  return newer;
}

export const useLiveTrafficStore = create<LiveTrafficState>()((set) => ({
  droppedByCore: 0,
  olderKept: false,
  loadingOlder: false,
  recording: true,
  maxEntries: DEFAULT_MAX_ENTRIES,
  diskBudgetBytes: null,

  append: (entries) => {
    liveTraffic.enqueue(entries);
    for (const follower of followers) follower.append(entries);
  },
  applyOutcomes: (updates) => {
    liveTraffic.enqueueOutcomes(updates);
    for (const follower of followers) follower.applyOutcomes(updates);
  },
  clear: () => {
    liveTraffic.clear();
    for (const follower of followers) follower.clear();
    set({ droppedByCore: 0, olderKept: false });
  },
  applyNewestPage: (page, lastSeqAtRequest) => {
    // Entries that arrived by event after the request went out and are newer than the page. (A core
    // that restarted numbers from 1 again: then nothing older than the request is kept.)
    const pageLast = page.entries[page.entries.length - 1]?.seq ?? -1;
    const newer = liveEntriesAfter(Math.max(pageLast, lastSeqAtRequest), liveTraffic.pendingEntries());
    liveTraffic.clear();
    liveTraffic.enqueue(page.entries);
    liveTraffic.enqueue(newer);
    set({ droppedByCore: page.dropped, olderKept: page.more === true });
  },
  applySettings: ({ recording, maxEntries, diskBudgetBytes }) => {
    liveTraffic.log.setCapacity(maxEntries);
    // The views drop evicted rows at the next frame.
    liveTraffic.schedule();
    set({ recording, maxEntries, ...(diskBudgetBytes !== undefined ? { diskBudgetBytes } : {}) });
  },
}));

/** The seq below which the window has nothing yet: the oldest kept, else the oldest still queued. */
function oldestLoadedSeq(): number | undefined {
  const log = liveTraffic.log;
  if (log.length > 0) return log.seq(log.start);
  return liveTraffic.pendingEntries()[0]?.seq;
}

/**
 * Reloads the live log from the core: its settings, then the newest page at once (a reload of a
 * huge log shows its newest rows without reading the rest). Older pages come with `loadOlderTraffic`.
 */
export async function loadLiveTraffic(): Promise<void> {
  const api = getApi();
  const lastSeq = liveTraffic.lastSeq;
  const [settings, page] = await Promise.all([api.invoke('traffic.settings', {}), api.invoke('traffic.list', { beforeSeq: NEWEST, limit: FIRST_PAGE_ROWS })]);
  useLiveTrafficStore.getState().applySettings(settings);
  useLiveTrafficStore.getState().applyNewestPage(page, lastSeq);
}

/** Loads the page before the oldest entry the window has, once at a time; resolves with how many entries came. */
export async function loadOlderTraffic(): Promise<number> {
  const store = useLiveTrafficStore.getState();
  const beforeSeq = oldestLoadedSeq();
  if (!store.olderKept || store.loadingOlder || beforeSeq === undefined) return 0;
  useLiveTrafficStore.setState({ loadingOlder: true });
  try {
    const page = await getApi().invoke('traffic.list', { beforeSeq });
    // A clear or a reload meanwhile made this page stale.
    if (oldestLoadedSeq() !== beforeSeq) return 0;
    const added = liveTraffic.prepend(page.entries);
    useLiveTrafficStore.setState({ olderKept: page.more === true && added === page.entries.length, droppedByCore: page.dropped });
    return added;
  } finally {
    useLiveTrafficStore.setState({ loadingOlder: false });
  }
}

/** Loads older pages until the entry with this seq is in the window (or the core has it no more). */
export async function loadTrafficThrough(seq: number): Promise<boolean> {
  for (;;) {
    const oldest = oldestLoadedSeq();
    if (oldest !== undefined && oldest <= seq) return true;
    if ((await loadOlderTraffic()) === 0) return liveTraffic.log.positionOfSeq(seq) >= 0;
  }
}
