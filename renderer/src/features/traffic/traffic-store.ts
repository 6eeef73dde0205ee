import { create } from 'zustand';
import type { TrafficType } from './traffic-types';
import type { TrafficSort } from './sort-rows';
import type { ColumnId } from './traffic-columns';
import { DEFAULT_MAX_ENTRIES, type TrafficEntry, type TrafficPage } from '../../../../shared/traffic';
import type { OutcomeUpdate } from '../../../../shared/traffic-outcomes';
import { browserFrames } from './browser-frames';
import { TrafficSession } from './traffic-session';


/** The live traffic of this app session. */
export const liveTraffic = new TrafficSession(DEFAULT_MAX_ENTRIES, browserFrames);

/** A `.jsonl` file or a saved session opened for viewing: read-only, separate from the live log. */
export interface ImportedTraffic {
  /** The file's name, or the saved session's description. */
  fileName: string;
  /** Where it came from: a file the person chose, or a session saved in the data folder. */
  source: 'file' | 'session';
  /** Something to say about what is shown (e.g. only part of a very large session). */
  note?: string;
  session: TrafficSession;
  /** Lines that could not be read, 1-based. */
  errors: Array<{ line: number; message: string }>;
  /** Entries left out because their seq repeated an earlier one. */
  duplicates: number;
  /** Entries still being read from the file. */
  loading: boolean;
}

interface TrafficState {
  /** The live log; `lastSeq` includes entries still queued. */
  buffer: { readonly lastSeq: number };
  /** Entries the core had dropped (retention) when the log was last listed. */
  droppedByCore: number;
  recording: boolean;
  maxEntries: number;

  filterText: string;
  invert: boolean;
  /** When off, each server's older connections are hidden once it reconnects. */
  preserveLog: boolean;
  /** The type chip above the log. */
  typeFilter: TrafficType;
  /** The column the grid is sorted by; null for log order. */
  sort: TrafficSort | null;
  /** The seq of the selected row's first entry. */
  selectedSeq: number | null;
  detailOpen: boolean;
  imported: ImportedTraffic | null;

  append(entries: readonly TrafficEntry[]): void;
  /** The core's word on how requests ended (after the entries they name). */
  applyOutcomes(updates: readonly OutcomeUpdate[]): void;
  clear(): void;
  /**
   * Replaces the live log with a `traffic.list` page, keeping entries that arrived by event
   * meanwhile (newer than the page and than `lastSeqAtRequest`).
   */
  applyListed(page: TrafficPage, lastSeqAtRequest: number): void;
  applySettings(settings: { recording: boolean; maxEntries: number }): void;
  setFilterText(text: string): void;
  setInvert(invert: boolean): void;
  setPreserveLog(preserve: boolean): void;
  setTypeFilter(type: TrafficType): void;
  /** Ascending, then descending, then back to log order. */
  cycleSort(column: ColumnId): void;
  /** Selects a row and, unless `open` is false, shows its detail. */
  select(seq: number | null, open?: boolean): void;
  setDetailOpen(open: boolean): void;
  setImported(imported: ImportedTraffic | null): void;
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

export const useTrafficStore = create<TrafficState>()((set, get) => ({
  buffer: liveTraffic,
  droppedByCore: 0,
  recording: true,
  maxEntries: DEFAULT_MAX_ENTRIES,
  filterText: '',
  invert: false,
  preserveLog: true,
  typeFilter: 'all',
  sort: null,
  selectedSeq: null,
  detailOpen: false,
  imported: null,

  append: (entries) => liveTraffic.enqueue(entries),
  applyOutcomes: (updates) => liveTraffic.enqueueOutcomes(updates),
  clear: () => {
    liveTraffic.clear();
    if (!get().imported) set({ selectedSeq: null, detailOpen: false });
    set({ droppedByCore: 0 });
  },
  applyListed: (page, lastSeqAtRequest) => {
    // Entries that arrived by event after the request went out and are newer than the page. (A core
    // that restarted numbers from 1 again: then nothing older than the request is kept.)
    const pageLast = page.entries[page.entries.length - 1]?.seq ?? -1;
    const newer = liveEntriesAfter(Math.max(pageLast, lastSeqAtRequest), liveTraffic.pendingEntries());
    liveTraffic.clear();
    liveTraffic.enqueue(page.entries);
    liveTraffic.enqueue(newer);
    set({ droppedByCore: page.dropped });
  },
  applySettings: ({ recording, maxEntries }) => {
    liveTraffic.log.setCapacity(maxEntries);
    // The views drop evicted rows at the next frame.
    liveTraffic.schedule();
    set({ recording, maxEntries });
  },
  setFilterText: (filterText) => set({ filterText }),
  setInvert: (invert) => set({ invert }),
  setPreserveLog: (preserveLog) => set({ preserveLog }),
  setTypeFilter: (typeFilter) => set({ typeFilter }),
  cycleSort: (column) =>
    set(({ sort }) => ({
      sort:
        sort?.column !== column
          ? { column, direction: 'ascending' }
          : sort.direction === 'ascending'
            ? { column, direction: 'descending' }
            : null,
    })),
  select: (selectedSeq, open = true) => set({ selectedSeq, detailOpen: open && selectedSeq !== null }),
  setDetailOpen: (detailOpen) => set({ detailOpen }),
  setImported: (imported) => set({ imported, selectedSeq: null, detailOpen: false }),
}));

/** The session on screen: the imported file when one is open, else the live log. */
export function useShownSession(): TrafficSession {
  return useTrafficStore((state) => state.imported?.session ?? liveTraffic);
}
