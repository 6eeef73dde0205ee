import type { Bridge } from '../../bridge/types';
import { useConnectionsStore } from '../connections/connections-store';
import { createCoalescedLoader } from '../resources/coalesced-loader';
import { connectedSession, offers } from '../resources/server-capabilities';
import { usePromptsStore } from './prompts-store';

/**
 * Keeps the prompts store in step with core events: lists a server's prompts when it connects
 * (if it offers prompts) and again on `notifications/prompts/list_changed`. Returns a function that stops it.
 */
export function startPromptsSync(api: Bridge): () => void {
  const store = () => usePromptsStore.getState();
  store().attach(api);

  const load = createCoalescedLoader({
    load: (serverId, connectionId) => store().load(serverId, connectionId),
    isCurrent: (serverId, connectionId) =>
      connectedSession(useConnectionsStore.getState().byServer[serverId])?.connectionId === connectionId,
  });

  const followConnections = () => {
    const { byServer } = store();
    for (const connection of Object.values(useConnectionsStore.getState().byServer)) {
      const session = connectedSession(connection);
      const known = byServer[connection.serverId];
      if (!session || !offers(connection, 'prompts')) {
        if (known) store().forgetServer(connection.serverId);
        continue;
      }
      if (known?.connectionId !== session.connectionId) load(session.serverId, session.connectionId);
    }
  };
  const stopConnections = useConnectionsStore.subscribe(followConnections);
  followConnections();

  const stopListChanged = api.on('mcp.listChanged', ({ serverId, list }) => {
    if (list !== 'prompts') return;
    const session = connectedSession(useConnectionsStore.getState().byServer[serverId]);
    if (!session) return;
    store().markListChanged(serverId);
    load(serverId, session.connectionId);
  });

  return () => {
    stopConnections();
    stopListChanged();
    if (store().api === api) store().attach(null);
  };
}
