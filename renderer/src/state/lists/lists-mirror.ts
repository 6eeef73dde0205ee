import { LIST_NAMES, type ConnectionList, type ListChange, type ListName, type ServerLists } from '../../../../shared/lists';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { mirrorCoreState } from '../../bridge/mirror';
import { useConnectionsStore } from '../connections/connections-store';
import { useNoticesStore } from '../notices';
import { useListsStore } from './lists-store';

function held(serverId: string, name: ListName): ConnectionList<unknown> | undefined {
  return useListsStore.getState().byServer[serverId]?.[name];
}

function setList(serverId: string, name: ListName, list: ConnectionList<unknown> | undefined): void {
  useListsStore.getState().setList(serverId, name, list as never);
}

/** A change the window does not hold yet: a new connection's list, or a newer revision of the same. */
function isNewer(list: ConnectionList<unknown> | undefined, change: ListChange): boolean {
  return list?.connectionId !== change.connectionId || change.state.revision > list.revision;
}

function applyChange(change: ListChange): void {
  if (isNewer(held(change.serverId, change.name), change)) setList(change.serverId, change.name, { ...change.state, connectionId: change.connectionId });
}

/** Tools stay listed after a disconnect (their detail says to connect); the others go with the connection. */
const GO_WITH_THE_CONNECTION: readonly ListName[] = LIST_NAMES.filter((name) => name !== 'tools');

function applySnapshot(snapshot: ServerLists[]): void {
  const connected = new Set(snapshot.map((server) => server.serverId));
  for (const serverId of Object.keys(useListsStore.getState().byServer)) {
    if (!connected.has(serverId)) for (const name of GO_WITH_THE_CONNECTION) setList(serverId, name, undefined);
  }
  for (const server of snapshot) for (const name of LIST_NAMES) setList(server.serverId, name, { ...server.lists[name], connectionId: server.connectionId });
}

/**
 * The window's tools, resources, templates and prompts mirror the core's list state: a snapshot
 * when the link opens, then `lists.changed`. A server whose connection ends loses its resources,
 * templates and prompts. Returns a function that stops it.
 */
export function startListsMirror(): () => void {
  const api = getApi();
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
      for (const name of GO_WITH_THE_CONNECTION) if (held(connection.serverId, name)) setList(connection.serverId, name, undefined);
    }
  };
  const stopConnections = useConnectionsStore.subscribe(forgetEnded);
  return () => {
    stopMirror();
    stopConnections();
  };
}
