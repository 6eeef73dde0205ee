import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { onUiStateLoaded, uiStateStorage } from '../../bridge/ui-state';
import type { TrafficType } from '../../../../shared/traffic';
import type { TrafficSession } from '../../state/traffic/traffic-session';
import type { TrafficSort } from './sort-rows';
import type { ColumnId } from './traffic-columns';

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

/** What the traffic panel shows and how: its filter, sort, selection and an opened record. */
interface TrafficPanelState {
  filterText: string;
  /** The filter the app set by itself (a proxied session's traffic), while the box still holds it; null once the person's. */
  appFilter: string | null;
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

  /** The person's filter. */
  setFilterText: (text: string) => void;
  /** A filter the app sets for a reason: it goes with `dropAppFilter` when the reason does, unless the person changed it. */
  setAppFilter: (text: string) => void;
  dropAppFilter: () => void;
  setInvert: (invert: boolean) => void;
  setPreserveLog: (preserve: boolean) => void;
  setTypeFilter: (type: TrafficType) => void;
  /** Ascending, then descending, then back to log order. */
  cycleSort: (column: ColumnId) => void;
  /** Selects a row and, unless `open` is false, shows its detail. */
  select: (seq: number | null, open?: boolean) => void;
  setDetailOpen: (open: boolean) => void;
  setImported: (imported: ImportedTraffic | null) => void;
  /** The live log was cleared: a selection in it goes. */
  liveCleared: () => void;
}

/** The filter, the type chip and the sort are kept between starts (in the data folder, redacted). */
export const useTrafficPanelStore = create<TrafficPanelState>()(
  persist(
    (set, get) => ({
      filterText: '',
      appFilter: null,
      invert: false,
      preserveLog: true,
      typeFilter: 'all',
      sort: null,
      selectedSeq: null,
      detailOpen: false,
      imported: null,

      setFilterText: (filterText) => set({ filterText, appFilter: null }),
      setAppFilter: (filterText) => set({ filterText, appFilter: filterText }),
      dropAppFilter: () => {
        const { filterText, appFilter } = get();
        set(appFilter !== null && filterText === appFilter ? { filterText: '', appFilter: null } : { appFilter: null });
      },
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
      liveCleared: () => {
        if (!get().imported) set({ selectedSeq: null, detailOpen: false });
      },
    }),
    {
      name: 'loupe.traffic-panel',
      version: 1,
      storage: createJSONStorage(() => uiStateStorage),
      skipHydration: true,
      // A filter the app set for a session of this run is not kept for the next.
      partialize: ({ filterText, appFilter, invert, preserveLog, typeFilter, sort }) => ({ filterText: filterText === appFilter ? '' : filterText, invert, preserveLog, typeFilter, sort }),
    },
  ),
);

onUiStateLoaded(() => void useTrafficPanelStore.persist.rehydrate());
