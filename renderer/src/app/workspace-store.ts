import { create } from 'zustand';

export const WORKSPACE_TABS = ['Tools', 'Resources', 'Prompts', 'Tasks', 'Logs', 'Console', 'Auth', 'Collections', 'Chat'] as const;
export type WorkspaceTab = (typeof WORKSPACE_TABS)[number];

interface WorkspaceState {
  tab: WorkspaceTab;
  /** Any feature may switch tabs, e.g. a resource link in a tool result opens Resources. */
  setTab: (tab: WorkspaceTab) => void;
}

export const useWorkspaceStore = create<WorkspaceState>((set) => ({
  tab: 'Tools',
  setTab: (tab) => set({ tab }),
}));
