import type { RequestHandlers } from '../../../shared/contract.js';
import type { ConfigStore } from '../config/config-store.js';
import type { ConnectionManager } from '../connections/connection-manager.js';

type ConnectionHandlers = Pick<RequestHandlers, 'connections.list' | 'connections.connect' | 'connections.disconnect' | 'connections.changeStream'>;

export function connectionHandlers(store: ConfigStore, connections: ConnectionManager): ConnectionHandlers {
  return {
    'connections.list': async () => store.list().map((server) => connections.state(server.id)),
    'connections.connect': async (params) => connections.connect(store.require(params.serverId)),
    'connections.disconnect': async (params) => connections.disconnect(params.serverId),
    'connections.changeStream': async (params) => connections.connected(params.serverId).setChangeStream(params.open),
  };
}
