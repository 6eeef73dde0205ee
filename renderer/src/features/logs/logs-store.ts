import { create } from 'zustand';
import type { LoggingLevel } from '../../../../shared/mcp.js';
import type { TrafficEntry } from '../../../../shared/traffic.js';
import { logEntryOf, type LogEntry } from './log-entries.js';

/** Log entries kept across all servers; older ones are dropped (the traffic log keeps its own copy). */
export const MAX_LOG_ENTRIES = 20_000;

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
  /** Entries dropped because of the limit. */
  dropped: number;
  /** The level last asked of each connection (a server forgets it when it reconnects). */
  levels: Record<string, LevelState>;
  minLevel: LoggingLevel;
  query: string;
  /** serverId → the selected entry's seq. */
  selected: Record<string, number>;

  ingest(entries: readonly TrafficEntry[]): void;
  clearServer(serverId: string): void;
  setMinLevel(level: LoggingLevel): void;
  setQuery(query: string): void;
  select(serverId: string, seq: number | null): void;
  /** Records what was asked of a connection with `logging/setLevel`, and how it went. */
  setLevelState(connectionId: string, state: LevelState): void;
}

export const useLogsStore = create<LogsState>()((set, get) => ({
  entries: [],
  revision: 0,
  lastSeq: -1,
  dropped: 0,
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
    let dropped = state.dropped;
    // Trim in steps, so a flood does not copy the whole array on every batch.
    if (state.entries.length > MAX_LOG_ENTRIES * 1.1) {
      const excess = state.entries.length - MAX_LOG_ENTRIES;
      state.entries.splice(0, excess);
      dropped += excess;
    }
    if (added > 0) set({ lastSeq, dropped, revision: state.revision + 1 });
    else if (lastSeq !== state.lastSeq) set({ lastSeq });
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
