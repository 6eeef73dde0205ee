import { getApi } from '../../bridge/api';
import { useConnectionsStore } from '../../state/connections/connections-store';
import { useResourcesStore } from './resources-store';

/**
 * The Resources feature's own events (its lists are mirrored with the others, see
 * state/lists/lists-mirror.ts): marks subscribed resources the server says were updated, and
 * forgets a server's subscriptions when its connection ends. Returns a stop function.
 */
export function startResourcesSync(): () => void {
  const store = () => useResourcesStore.getState();
  const stopUpdated = getApi().on('mcp.resourceUpdated', ({ serverId, uri }) => store().markUpdated(serverId, uri));
  const stopConnections = useConnectionsStore.subscribe((state) => {
    for (const connection of Object.values(state.byServer)) if (connection.status !== 'connected') store().forgetServer(connection.serverId);
  });
  return () => {
    stopUpdated();
    stopConnections();
  };
}
