import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface LayoutState {
  /** Height of the bottom Traffic panel, in CSS pixels. */
  trafficHeight: number;
  /** Width of the Traffic detail pane, in CSS pixels. */
  trafficDetailWidth: number;
  setTrafficHeight(height: number): void;
  setTrafficDetailWidth(width: number): void;
}

export const useLayoutStore = create<LayoutState>()(
  persist(
    (set) => ({
      trafficHeight: 300,
      trafficDetailWidth: 460,
      setTrafficHeight: (trafficHeight) => set({ trafficHeight }),
      setTrafficDetailWidth: (trafficDetailWidth) => set({ trafficDetailWidth }),
    }),
    { name: 'loupe.layout', version: 1 },
  ),
);
