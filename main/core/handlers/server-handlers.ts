import type { RequestHandlers } from '../../../shared/contract.js';
import type { ConfigStore } from '../config/config-store.js';
import { parseServerConfigInput } from '../config/validate-server-config.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import { paramsObject, stringParam } from './params.js';

type ServerHandlers = Pick<RequestHandlers, 'servers.list' | 'servers.add' | 'servers.update' | 'servers.remove'>;

export function serverHandlers(store: ConfigStore, connections: ConnectionManager, changed: () => void): ServerHandlers {
  return {
    'servers.list': async () => store.list(),
    'servers.add': async (params) => {
      const server = await store.add(parseServerConfigInput(params));
      changed();
      return server;
    },
    'servers.update': async (params) => {
      const id = stringParam(params, 'id');
      const server = await store.update(id, parseServerConfigInput(paramsObject(params).config));
      changed();
      return server;
    },
    'servers.remove': async (params) => {
      const id = stringParam(params, 'id');
      await store.remove(id);
      await connections.forget(id);
      changed();
    },
  };
}
