import { LIST_NAMES, type ConnectionList, type ListChange, type ListName, type ServerLists } from '../../../shared/lists';
import { errorMessage } from '../bridge/bridge-error';
import { mirrorCoreState } from '../bridge/mirror';
import type { Bridge } from '../bridge/types';
import { useConnectionsStore } from '../features/connections';
import { useNoticesStore } from '../features/notices';
import { usePromptsStore } from '../features/prompts';
import { useResourcesStore } from '../features/resources';
import { useToolsStore } from '../features/tools';

/** Where each of the core's lists is mirrored in the window. */
interface ListSlot {
  get(serverId: string): ConnectionList<unknown> | undefined;
  set(serverId: string, list: ConnectionList<unknown> | undefined): void;
  servers(): string[];
}

const SLOTS: Record<ListName, ListSlot> = {
  tools: {
    get: (serverId) => useToolsStore.getState().byServer[serverId],
    set: (serverId, list) => useToolsStore.getState().setList(serverId, list as never),
    servers: () => Object.keys(useToolsStore.getState().byServer),
  },
  resources: {
    get: (serverId) => useResourcesStore.getState().byServer[serverId]?.resources,
    set: (serverId, list) => useResourcesStore.getState().setList(serverId, 'resources', list as never),
    servers: () => Object.keys(useResourcesStore.getState().byServer),
  },
  resourceTemplates: {
    get: (serverId) => useResourcesStore.getState().byServer[serverId]?.templates,
    set: (serverId, list) => useResourcesStore.getState().setList(serverId, 'templates', list as never),
    servers: () => Object.keys(useResourcesStore.getState().byServer),
  },
  prompts: {
    get: (serverId) => usePromptsStore.getState().byServer[serverId],
    set: (serverId, list) => usePromptsStore.getState().setList(serverId, list as never),
    servers: () => Object.keys(usePromptsStore.getState().byServer),
  },
};

/** A change the window does not hold yet: a new connection's list, or a newer revision of the same. */
function isNewer(held: ConnectionList<unknown> | undefined, change: ListChange): boolean {
  return held?.connectionId !== change.connectionId || change.state.revision > held.revision;
}

function applyChange(change: ListChange): void {
  const slot = SLOTS[change.name];
  if (isNewer(slot.get(change.serverId), change)) slot.set(change.serverId, { ...change.state, connectionId: change.connectionId });
}

function applySnapshot(snapshot: ServerLists[]): void {
  const connected = new Set(snapshot.map((server) => server.serverId));
  for (const name of LIST_NAMES) {
    // Tools stay listed after a disconnect (their detail says to connect); the others go.
    if (name !== 'tools') for (const serverId of SLOTS[name].servers()) if (!connected.has(serverId)) SLOTS[name].set(serverId, undefined);
    for (const server of snapshot) SLOTS[name].set(server.serverId, { ...server.lists[name], connectionId: server.connectionId });
  }
}

/**
 * The window's tools, resources, templates and prompts mirror the core's list state: a snapshot
 * when the link opens, then `lists.changed`. A server whose connection ends loses its resources
 * and prompts (with its subscriptions). Returns a function that stops it.
 */
export function startListsMirror(api: Bridge): () => void {
  const stopMirror = mirrorCoreState(
    api,
    { load: () => api.invoke('lists.get', {}), subscribe: (onChange) => api.on('lists.changed', onChange) },
    {
      reset: applySnapshot,
      apply: applyChange,
      failed: (error) => useNoticesStore.getState().addLocal('error', `Could not load the servers' lists: ${errorMessage(error)}`),
    },
  );
  const forgetEnded = () => {
    for (const connection of Object.values(useConnectionsStore.getState().byServer)) {
      if (connection.status === 'connected') continue;
      if (useResourcesStore.getState().byServer[connection.serverId]) useResourcesStore.getState().forgetServer(connection.serverId);
      if (usePromptsStore.getState().byServer[connection.serverId]) usePromptsStore.getState().setList(connection.serverId, undefined);
    }
  };
  const stopConnections = useConnectionsStore.subscribe(forgetEnded);
  return () => {
    stopMirror();
    stopConnections();
  };
}
