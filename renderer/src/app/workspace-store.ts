import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { onUiStateLoaded, uiStateStorage } from '../bridge/ui-state';

export const WORKSPACE_TABS = ['Tools', 'Resources', 'Prompts', 'Tasks', 'Logs', 'Console', 'Auth', 'Collections', 'Chat'] as const;
export type WorkspaceTab = (typeof WORKSPACE_TABS)[number];

interface WorkspaceState {
  tab: WorkspaceTab;
  /** Any feature may switch tabs, e.g. a resource link in a tool result opens Resources. */
  setTab: (tab: WorkspaceTab) => void;
}

const isTab = (value: unknown): value is WorkspaceTab => WORKSPACE_TABS.includes(value as WorkspaceTab);

/** The open tab is kept between starts (in the data folder). */
export const useWorkspaceStore = create<WorkspaceState>()(
  persist(
    (set) => ({
      tab: 'Tools',
      setTab: (tab) => set({ tab }),
    }),
    {
      name: 'loupe.workspace',
      version: 1,
      storage: createJSONStorage(() => uiStateStorage),
      skipHydration: true,
      partialize: ({ tab }) => ({ tab }),
      merge: (saved, current) => {
        const tab = (saved as { tab?: unknown } | undefined)?.tab;
        return isTab(tab) ? { ...current, tab } : current;
      },
    },
  ),
);

onUiStateLoaded(() => void useWorkspaceStore.persist.rehydrate());
