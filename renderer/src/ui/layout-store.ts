import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { onUiStateLoaded, uiStateStorage } from '../bridge/ui-state';

interface LayoutState {
  /** Height of the bottom Traffic panel, in CSS pixels. */
  trafficHeight: number;
  setTrafficHeight: (height: number) => void;
  /** Whether the selected server's details (identity, capabilities, roots…) are shown in full. */
  serverDetailsOpen: boolean;
  setServerDetailsOpen: (open: boolean) => void;
}

export const useLayoutStore = create<LayoutState>()(
  persist(
    (set) => ({
      // About a quarter of the window, so the workspace above keeps room for a tool and its result.
      trafficHeight: defaultTrafficHeight(),
      setTrafficHeight: (trafficHeight) => set({ trafficHeight }),
      // On a short window the workspace needs the room more than the details do.
      serverDetailsOpen: typeof window === 'undefined' || window.innerHeight >= 850,
      setServerDetailsOpen: (serverDetailsOpen) => set({ serverDetailsOpen }),
    }),
    { name: 'loupe.layout', version: 1, storage: createJSONStorage(() => uiStateStorage), skipHydration: true },
  ),
);

function defaultTrafficHeight(): number {
  const height = typeof window === 'undefined' ? 900 : window.innerHeight;
  return Math.round(Math.min(300, Math.max(160, height * 0.27)));
}

/**
 * A message detail needs more than a few lines: opening one in a short traffic panel grows the
 * panel to about 320 px (at most 45% of the window). The person can drag it back.
 */
export function growTrafficForDetail(): void {
  const { trafficHeight, setTrafficHeight } = useLayoutStore.getState();
  const wanted = Math.round(Math.min(320, window.innerHeight * 0.45));
  if (trafficHeight < wanted) setTrafficHeight(wanted);
}

onUiStateLoaded(() => void useLayoutStore.persist.rehydrate());
