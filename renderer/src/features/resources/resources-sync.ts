import type { Bridge } from '../../bridge/types';
import { useConnectionsStore } from '../connections/connections-store';
import { createCoalescedLoader } from './coalesced-loader';
import { useResourcesStore } from './resources-store';
import { connectedSession, offers } from './server-capabilities';

/**
 * Keeps the resources store in step with core events: lists a server's resources and templates
 * when it connects (if it offers resources), again on `notifications/resources/list_changed`,
 * and marks subscribed resources the server says were updated. Returns a function that stops it.
 */
export function startResourcesSync(api: Bridge): () => void {
  const store = () => useResourcesStore.getState();
  store().attach(api);

  const isCurrent = (serverId: string, connectionId: string) =>
    connectedSession(useConnectionsStore.getState().byServer[serverId])?.connectionId === connectionId;
  const loadResources = createCoalescedLoader({ load: (s, c) => store().loadResources(s, c), isCurrent });
  const loadTemplates = createCoalescedLoader({ load: (s, c) => store().loadTemplates(s, c), isCurrent });
  const loadBoth = (serverId: string, connectionId: string) => {
    loadResources(serverId, connectionId);
    loadTemplates(serverId, connectionId);
  };

  const followConnections = () => {
    const { byServer } = store();
    for (const connection of Object.values(useConnectionsStore.getState().byServer)) {
      const session = connectedSession(connection);
      const known = byServer[connection.serverId];
      if (!session || !offers(connection, 'resources')) {
        if (known) store().forgetServer(connection.serverId);
        continue;
      }
      if (known?.resources.connectionId === session.connectionId) continue;
      if (known) store().forgetServer(connection.serverId);
      loadBoth(session.serverId, session.connectionId);
    }
  };
  const stopConnections = useConnectionsStore.subscribe(followConnections);
  followConnections();

  const stopListChanged = api.on('mcp.listChanged', ({ serverId, list }) => {
    if (list !== 'resources') return;
    const session = connectedSession(useConnectionsStore.getState().byServer[serverId]);
    if (!session) return;
    store().markListChanged(serverId);
    loadBoth(serverId, session.connectionId);
  });
  const stopUpdated = api.on('mcp.resourceUpdated', ({ serverId, uri }) => store().markUpdated(serverId, uri));

  return () => {
    stopConnections();
    stopListChanged();
    stopUpdated();
    if (store().api === api) store().attach(null);
  };
}
