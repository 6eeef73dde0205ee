import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { onUiStateLoaded, uiStateStorage } from '../../bridge/ui-state';
import { DEFAULT_HIDDEN_COLUMNS, type ColumnId } from './traffic-columns';

interface TrafficLayoutState {
  /** Width of the detail pane, in CSS pixels: wide enough by default for request and response side by side. */
  detailWidth: number;
  setDetailWidth: (width: number) => void;
  /** Columns the person hid (right-click on the header). */
  hiddenColumns: ColumnId[];
  toggleColumn: (column: ColumnId) => void;
  resetColumns: () => void;
}

/**
 * Request and response side by side where there is room (the detail shows them so from 560 px
 * wide), but never at the cost of the log's Name column, which needs ~600 px of log: on a 1366 px
 * window the detail gives way and stacks them.
 */
function defaultDetailWidth(): number {
  const mainWidth = (typeof window === 'undefined' ? 1440 : window.innerWidth) - 290;
  const logWidth = mainWidth - 560 >= 560 ? 560 : 600;
  return Math.round(Math.min(680, Math.max(360, mainWidth - logWidth)));
}

export const useTrafficLayoutStore = create<TrafficLayoutState>()(
  persist(
    (set) => ({
      detailWidth: defaultDetailWidth(),
      setDetailWidth: (detailWidth) => set({ detailWidth }),
      hiddenColumns: [...DEFAULT_HIDDEN_COLUMNS],
      toggleColumn: (column) =>
        set((state) => ({
          hiddenColumns: state.hiddenColumns.includes(column) ? state.hiddenColumns.filter((hidden) => hidden !== column) : [...state.hiddenColumns, column],
        })),
      resetColumns: () => set({ hiddenColumns: [...DEFAULT_HIDDEN_COLUMNS] }),
    }),
    { name: 'loupe.traffic-layout', version: 1, storage: createJSONStorage(() => uiStateStorage), skipHydration: true },
  ),
);

onUiStateLoaded(() => void useTrafficLayoutStore.persist.rehydrate());
