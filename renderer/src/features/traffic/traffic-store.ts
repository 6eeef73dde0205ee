import { create } from 'zustand';
import type { TrafficEntry, TrafficPage } from '../../../../shared/traffic';
import { TrafficBuffer } from './traffic-buffer';

/** How many entries the renderer keeps; the core keeps its own, longer history. */
export const TRAFFIC_KEEP_LIMIT = 50_000;

interface TrafficState {
  /** Mutated in place; `revision` changes whenever it does, which is what components subscribe to. */
  buffer: TrafficBuffer;
  revision: number;
  /** Entries the core dropped before we listed them. */
  droppedByCore: number;
  selectedSeq: number | null;

  append(entries: readonly TrafficEntry[]): void;
  clear(): void;
  /**
   * Replaces the log with a `traffic.list` page, keeping entries that arrived by event while
   * the request was under way (those newer than `lastSeqAtRequest` and than the page).
   */
  applyListed(page: TrafficPage, lastSeqAtRequest: number): void;
  select(seq: number | null): void;
}

export const useTrafficStore = create<TrafficState>()((set, get) => ({
  buffer: new TrafficBuffer(TRAFFIC_KEEP_LIMIT),
  revision: 0,
  droppedByCore: 0,
  selectedSeq: null,

  append: (entries) => {
    if (get().buffer.append(entries) > 0) set((state) => ({ revision: state.revision + 1 }));
  },
  clear: () => {
    get().buffer.clear();
    set((state) => ({ revision: state.revision + 1, selectedSeq: null, droppedByCore: 0 }));
  },
  applyListed: (page, lastSeqAtRequest) => {
    const arrivedMeanwhile = get().buffer.entriesAfter(lastSeqAtRequest);
    const buffer = new TrafficBuffer(TRAFFIC_KEEP_LIMIT);
    buffer.append(page.entries);
    buffer.append(arrivedMeanwhile);
    set((state) => ({
      buffer,
      revision: state.revision + 1,
      droppedByCore: page.dropped,
      selectedSeq: state.selectedSeq !== null && buffer.findBySeq(state.selectedSeq) ? state.selectedSeq : null,
    }));
  },
  select: (seq) => set({ selectedSeq: seq }),
}));
