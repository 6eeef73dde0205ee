import { create } from 'zustand';
import type { ServerConfig, ServerConfigInput } from '../../../shared/server-config';
import { onUiStateLoaded, uiStateStorage } from '../bridge/ui-state';

/** `proposal`: a server a loupe:// link proposed, shown for the person to check and save. */
export type ServerEditor = { mode: 'add'; proposal?: ServerConfigInput } | { mode: 'edit'; serverId: string };

interface ServersState {
  servers: ServerConfig[];
  /** Bumped by every `servers.changed` event, so a slower `servers.list` cannot overwrite it. */
  revision: number;
  loaded: boolean;
  selectedServerId: string | null;
  editor: ServerEditor | null;

  applyChanged: (servers: ServerConfig[]) => void;
  /** Applies a `servers.list` result unless an event arrived since the request went out. */
  applyListed: (servers: ServerConfig[], revisionAtRequest: number) => void;
  select: (serverId: string | null) => void;
  openEditor: (editor: ServerEditor) => void;
  closeEditor: () => void;
}

/**
 * Keeps the selection on an existing server: the previous one if it still exists; after it was
 * removed, the one that took its place in the list (or the new last); else the first.
 */
function keepSelection(before: ServerConfig[], servers: ServerConfig[], selected: string | null): string | null {
  if (selected && servers.some((server) => server.id === selected)) return selected;
  const removedAt = before.findIndex((server) => server.id === selected);
  if (removedAt >= 0 && servers.length > 0) return servers[Math.min(removedAt, servers.length - 1)]!.id;
  return servers[0]?.id ?? null;
}

export const useServersStore = create<ServersState>()((set) => ({
  servers: [],
  revision: 0,
  loaded: false,
  selectedServerId: null,
  editor: null,

  applyChanged: (servers) =>
    set((state) => ({
      servers,
      loaded: true,
      revision: state.revision + 1,
      selectedServerId: keepSelection(state.servers, servers, state.selectedServerId),
    })),
  applyListed: (servers, revisionAtRequest) =>
    set((state) =>
      state.revision !== revisionAtRequest
        ? state
        : { servers, loaded: true, selectedServerId: keepSelection(state.servers, servers, state.selectedServerId) },
    ),
  select: (serverId) => set({ selectedServerId: serverId }),
  openEditor: (editor) => set({ editor }),
  closeEditor: () => set({ editor: null }),
}));

const SELECTED_KEY = 'loupe.servers.selected';

/** The selected server is kept between starts; it is saved only once the saved one has been read. */
let selectionRestored = false;
onUiStateLoaded(() => {
  const saved = uiStateStorage.getItem(SELECTED_KEY);
  useServersStore.setState((state) =>
    saved !== null && (!state.loaded || state.servers.some((server) => server.id === saved)) ? { selectedServerId: saved } : state,
  );
  selectionRestored = true;
});
useServersStore.subscribe((state, previous) => {
  if (selectionRestored && state.selectedServerId !== previous.selectedServerId && state.selectedServerId !== null) {
    uiStateStorage.setItem(SELECTED_KEY, state.selectedServerId);
  }
});

export function findServer(servers: ServerConfig[], serverId: string | null): ServerConfig | undefined {
  return serverId === null ? undefined : servers.find((server) => server.id === serverId);
}
