import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface LayoutState {
  /** Height of the bottom Traffic panel, in CSS pixels. */
  trafficHeight: number;
  setTrafficHeight(height: number): void;
}

export const useLayoutStore = create<LayoutState>()(
  persist(
    (set) => ({
      trafficHeight: 300,
      setTrafficHeight: (trafficHeight) => set({ trafficHeight }),
    }),
    { name: 'loupe.layout', version: 1 },
  ),
);
