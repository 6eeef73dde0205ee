import { DEFAULT_MAX_ENTRIES } from '../../../../shared/traffic';
import { create } from 'zustand';
import type { LoggingLevel } from '../../../../shared/mcp.js';
import type { TrafficEntry } from '../../../../shared/traffic.js';
import { logEntryOf, type LogEntry } from './log-entries.js';

/**
 * Log entries kept across all servers until the traffic log's Keep setting says otherwise; older
 * ones are dropped and counted per server (the traffic log keeps its own copy).
 */
/** As many as the traffic log keeps, until its settings are known. */
export const DEFAULT_LOG_CAPACITY = DEFAULT_MAX_ENTRIES;

export interface LevelState {
  level: LoggingLevel;
  status: 'setting' | 'set' | 'failed';
  error?: string;
}

interface LogsState {
  /** Oldest first, mutated in place; `revision` changes whenever it does. */
  entries: LogEntry[];
  revision: number;
  /** The newest traffic seq looked at (log or not), to fetch only what was missed after a reconnect. */
  lastSeq: number;
  /** Most entries kept, across servers. */
  capacity: number;
  /** serverId → entries dropped because of the capacity. */
  dropped: Record<string, number>;
  /** The level last asked of each connection (a server forgets it when it reconnects). */
  levels: Record<string, LevelState>;
  minLevel: LoggingLevel;
  query: string;
  /** serverId → the selected entry's seq. */
  selected: Record<string, number>;

  ingest: (entries: readonly TrafficEntry[]) => void;
  setCapacity: (capacity: number) => void;
  clearServer: (serverId: string) => void;
  setMinLevel: (level: LoggingLevel) => void;
  setQuery: (query: string) => void;
  select: (serverId: string, seq: number | null) => void;
  /** Records what was asked of a connection with `logging/setLevel`, and how it went. */
  setLevelState: (connectionId: string, state: LevelState) => void;
}

export const useLogsStore = create<LogsState>()((set, get) => ({
  entries: [],
  revision: 0,
  lastSeq: -1,
  capacity: DEFAULT_LOG_CAPACITY,
  dropped: {},
  levels: {},
  minLevel: 'debug',
  query: '',
  selected: {},

  ingest: (incoming) => {
    const state = get();
    let lastSeq = state.lastSeq;
    let added = 0;
    for (const entry of incoming) {
      if (entry.seq <= lastSeq) continue;
      lastSeq = entry.seq;
      const log = logEntryOf(entry);
      if (log) {
        state.entries.push(log);
        added += 1;
      }
    }
    // Once per batch (at most every 50 ms): moving even 200,000 references down costs well under a millisecond.
    const dropped = state.entries.length > state.capacity ? trim(state.entries, state.capacity, state.dropped) : state.dropped;
    if (added > 0) set({ lastSeq, dropped, revision: state.revision + 1 });
    else if (lastSeq !== state.lastSeq) set({ lastSeq });
  },
  setCapacity: (capacity) => {
    const state = get();
    if (capacity === state.capacity) return;
    const dropped = state.entries.length > capacity ? trim(state.entries, capacity, state.dropped) : state.dropped;
    set({ capacity, dropped, revision: state.revision + 1 });
  },
  clearServer: (serverId) => {
    const state = get();
    const kept = state.entries.filter((entry) => entry.serverId !== serverId);
    set({ entries: kept, revision: state.revision + 1 });
  },
  setMinLevel: (minLevel) => set({ minLevel }),
  setQuery: (query) => set({ query }),
  select: (serverId, seq) =>
    set((state) => {
      const selected = { ...state.selected };
      if (seq === null) delete selected[serverId];
      else selected[serverId] = seq;
      return { selected };
    }),
  setLevelState: (connectionId, level) => set((state) => ({ levels: { ...state.levels, [connectionId]: level } })),
}));

/** Drops the oldest entries beyond `capacity` (in place) and returns the new per-server counts. */
function trim(entries: LogEntry[], capacity: number, dropped: Record<string, number>): Record<string, number> {
  const excess = entries.length - capacity;
  const counts = { ...dropped };
  for (let index = 0; index < excess; index++) {
    const serverId = entries[index]!.serverId;
    counts[serverId] = (counts[serverId] ?? 0) + 1;
  }
  entries.splice(0, excess);
  return counts;
}
