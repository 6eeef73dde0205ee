import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface TrafficLayoutState {
  /** Width of the detail pane, in CSS pixels: wide enough by default for request and response side by side. */
  detailWidth: number;
  setDetailWidth(width: number): void;
}

export const useTrafficLayoutStore = create<TrafficLayoutState>()(
  persist(
    (set) => ({
      detailWidth: 680,
      setDetailWidth: (detailWidth) => set({ detailWidth }),
    }),
    { name: 'loupe.traffic-layout', version: 1 },
  ),
);
