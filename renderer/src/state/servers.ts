import { create } from 'zustand';
import type { ServerConfig, ServerConfigInput } from '../../../shared/server-config';

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

/** Keeps the selection on an existing server: the previous one if it still exists, else the first. */
function keepSelection(servers: ServerConfig[], selected: string | null): string | null {
  if (selected && servers.some((server) => server.id === selected)) return selected;
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
      selectedServerId: keepSelection(servers, state.selectedServerId),
    })),
  applyListed: (servers, revisionAtRequest) =>
    set((state) =>
      state.revision !== revisionAtRequest
        ? state
        : { servers, loaded: true, selectedServerId: keepSelection(servers, state.selectedServerId) },
    ),
  select: (serverId) => set({ selectedServerId: serverId }),
  openEditor: (editor) => set({ editor }),
  closeEditor: () => set({ editor: null }),
}));

export function findServer(servers: ServerConfig[], serverId: string | null): ServerConfig | undefined {
  return serverId === null ? undefined : servers.find((server) => server.id === serverId);
}
