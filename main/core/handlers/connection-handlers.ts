import type { RequestHandlers } from '../../../shared/contract.js';
import type { ConfigStore } from '../config/config-store.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import { stringParam } from './params.js';

type ConnectionHandlers = Pick<RequestHandlers, 'connections.list' | 'connections.connect' | 'connections.disconnect'>;

export function connectionHandlers(store: ConfigStore, connections: ConnectionManager): ConnectionHandlers {
  return {
    'connections.list': async () => store.list().map((server) => connections.state(server.id)),
    'connections.connect': async (params) => connections.connect(store.require(stringParam(params, 'serverId'))),
    'connections.disconnect': async (params) => connections.disconnect(stringParam(params, 'serverId')),
  };
}
