import type { RequestHandlers } from '../../../shared/contract.js';
import type { ConfigStore } from '../config/config-store.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import { LoupeError } from '../../../shared/wire.js';
import { paramsObject, stringParam } from './params.js';

type ConnectionHandlers = Pick<RequestHandlers, 'connections.list' | 'connections.connect' | 'connections.disconnect' | 'connections.changeStream'>;

export function connectionHandlers(store: ConfigStore, connections: ConnectionManager): ConnectionHandlers {
  return {
    'connections.list': async () => store.list().map((server) => connections.state(server.id)),
    'connections.connect': async (params) => connections.connect(store.require(stringParam(params, 'serverId'))),
    'connections.disconnect': async (params) => connections.disconnect(stringParam(params, 'serverId')),
    'connections.changeStream': async (params) => {
      if (typeof paramsObject(params).open !== 'boolean') throw new LoupeError('Say whether to open the change stream: open must be true or false.', 'invalid-params');
      return connections.connected(stringParam(params, 'serverId')).setChangeStream(params.open);
    },
  };
}
