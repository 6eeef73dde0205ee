import type { RequestHandlers } from '../../../shared/contract.js';
import type { ConfigStore } from '../config/config-store.js';
import { parseRoots, parseServerConfigInput } from '../config/validate-server-config.js';
import type { ConnectionManager } from '../connections/connection-manager.js';

type ServerHandlers = Pick<RequestHandlers, 'servers.list' | 'servers.add' | 'servers.update' | 'servers.remove' | 'roots.set'>;

export function serverHandlers(store: ConfigStore, connections: ConnectionManager, changed: () => void): ServerHandlers {
  return {
    'servers.list': async () => store.list(),
    'servers.add': async (params) => {
      const server = await store.add(parseServerConfigInput(params));
      changed();
      return server;
    },
    'servers.update': async (params) => {
      const server = await store.update(params.id, parseServerConfigInput(params.config));
      changed();
      connections.noteSaved(server);
      return server;
    },
    'servers.remove': async (params) => {
      const { id } = params;
      await store.remove(id);
      await connections.forget(id);
      changed();
    },
    'roots.set': async (params) => {
      const id = params.serverId;
      const { id: _id, ...current } = store.require(id);
      const server = await store.update(id, { ...current, roots: parseRoots(params.roots) ?? [] });
      changed();
      await connections.find(id)?.sendRootsListChanged();
      return server;
    },
  };
}
