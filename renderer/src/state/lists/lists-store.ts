import { create } from 'zustand';
import { withServerEntry, type ConnectionList, type ListItems, type ListName } from '../../../../shared/lists';

/** One server's lists as the core holds them (a list is absent until its first state arrives). */
export type ServerListSet = { [K in ListName]?: ConnectionList<ListItems[K]> };

interface ListsState {
  /** serverId → its tools, resources, resource templates and prompts, mirrored from the core (lists-mirror.ts). */
  byServer: Record<string, ServerListSet>;
  setList: <K extends ListName>(serverId: string, name: K, list: ConnectionList<ListItems[K]> | undefined) => void;
}

export const useListsStore = create<ListsState>()((set) => ({
  byServer: {},
  setList: (serverId, name, list) =>
    set((state) => {
      const current: ServerListSet = { ...state.byServer[serverId] };
      if (list) (current as Record<ListName, unknown>)[name] = list;
      else delete current[name];
      return { byServer: withServerEntry(state.byServer, serverId, Object.keys(current).length > 0 ? current : undefined) };
    }),
}));

/** One of a server's lists, for a component. */
export function useServerList<K extends ListName>(serverId: string | null | undefined, name: K): ConnectionList<ListItems[K]> | undefined {
  return useListsStore((state) => (serverId ? (state.byServer[serverId]?.[name]) : undefined));
}
