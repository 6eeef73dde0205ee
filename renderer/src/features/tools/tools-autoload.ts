import type { TrafficEntry } from '../../../../shared/traffic';
import type { Bridge } from '../../bridge/types';
import { useConnectionsStore } from '../connections/connections-store';
import { useToolsStore } from './tools-store';

/**
 * Lists a server's tools whenever it becomes connected (a new `connectionId`) and again when
 * it announces `notifications/tools/list_changed`. Reloads are coalesced: while one is under
 * way, any number of further announcements cause exactly one more. Returns a stop function.
 */
export function startToolsAutoload(api: Bridge): () => void {
  const inFlight = new Map<string, Promise<void>>();
  const reloadAfter = new Set<string>();

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
      load(connection.serverId, connection.connectionId);
    }
  };
  const stopWatchingConnections = useConnectionsStore.subscribe(loadIfStale);
  loadIfStale();

  const stopWatchingTraffic = api.on('traffic.appended', (entries: TrafficEntry[]) => {
    for (const entry of entries) {
      if (entry.direction !== 'in' || entry.method !== 'notifications/tools/list_changed') continue;
      const connection = useConnectionsStore.getState().byServer[entry.serverId];
      if (connection?.status === 'connected' && connection.connectionId === entry.connectionId) {
        load(entry.serverId, entry.connectionId);
      }
    }
  });

  return () => {
    stopWatchingConnections();
    stopWatchingTraffic();
  };
}
