import type { Bridge } from '../../bridge/types';
import { onUiStateLoaded } from '../../bridge/ui-state';
import { useConnectionsStore } from '../connections/connections-store';
import { announcedCapability } from '../resources/server-capabilities';
import { useToolsStore } from './tools-store';

/**
 * The Tools feature's sync with the core. Lists a server's tools whenever it becomes connected
 * (a new `connectionId`), unless it did not announce the tools capability; lists them again on
 * `mcp.listChanged` for tools; feeds `calls.progress` to running calls; restores the stored run
 * history. Reloads are coalesced: while one is under way, any number of further announcements
 * cause exactly one more. Returns a stop function.
 */
export function startToolsAutoload(api: Bridge): () => void {
  const inFlight = new Map<string, Promise<void>>();
  const reloadAfter = new Set<string>();
  useToolsStore.getState().loadHistory();
  const stopRestoring = onUiStateLoaded(() => useToolsStore.getState().loadHistory());

  const load = (serverId: string, connectionId: string) => {
    if (inFlight.has(serverId) && useToolsStore.getState().byServer[serverId]?.connectionId === connectionId) {
      reloadAfter.add(serverId);
      return;
    }
    const loading = useToolsStore
      .getState()
      .load(api, serverId, connectionId)
      .finally(() => {
        if (inFlight.get(serverId) === loading) inFlight.delete(serverId);
        if (!reloadAfter.delete(serverId)) return;
        const connection = useConnectionsStore.getState().byServer[serverId];
        if (connection?.status === 'connected' && connection.connectionId === connectionId) load(serverId, connectionId);
      });
    inFlight.set(serverId, loading);
  };

  const loadIfStale = () => {
    const tools = useToolsStore.getState();
    for (const connection of Object.values(useConnectionsStore.getState().byServer)) {
      if (connection.status !== 'connected' || !connection.connectionId) continue;
      if (tools.byServer[connection.serverId]?.connectionId === connection.connectionId) continue;
      if (announcedCapability(connection, 'tools') === undefined) tools.markUnsupported(connection.serverId, connection.connectionId);
      else load(connection.serverId, connection.connectionId);
    }
  };
  const stopWatchingConnections = useConnectionsStore.subscribe(loadIfStale);
  loadIfStale();

  const stopListChanged = api.on('mcp.listChanged', ({ serverId, list }) => {
    if (list !== 'tools') return;
    const connection = useConnectionsStore.getState().byServer[serverId];
    if (connection?.status !== 'connected' || !connection.connectionId) return;
    useToolsStore.getState().noteListChanged(serverId);
    load(serverId, connection.connectionId);
  });

  const stopProgress = api.on('calls.progress', (progress) => useToolsStore.getState().applyProgress(progress));

  return () => {
    stopRestoring();
    stopWatchingConnections();
    stopListChanged();
    stopProgress();
  };
}
