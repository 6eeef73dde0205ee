import type { RequestHandlers } from '../../../shared/contract.js';
import type { ConfigStore } from '../config/config-store.js';
import { parseCallTimeouts } from '../config/validate-server-config.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import { loadList } from '../mcp/load-list.js';
import { toToolInfo } from '../mcp/views.js';
import { forceParam, objectParam, paramsObject, stringParam } from './params.js';

type ToolHandlers = Pick<RequestHandlers, 'tools.list' | 'tools.call' | 'calls.cancel' | 'tasks.list' | 'tasks.cancel'>;

/** `store` gives the server's current call timeouts, so an edit applies without reconnecting. */
export function toolHandlers(connections: ConnectionManager, store: ConfigStore): ToolHandlers {
  return {
    'tools.list': async (params) => {
      const connection = connections.connected(stringParam(params, 'serverId'));
      return loadList(connection, 'tools/list', 'tools', toToolInfo, forceParam(params));
    },
    'tools.call': async (params) => {
      const serverId = stringParam(params, 'serverId');
      const callId = stringParam(params, 'callId');
      const connection = connections.connected(serverId);
      const timeouts = parseCallTimeouts(paramsObject(params).timeouts) ?? store.get(serverId)?.timeouts;
      const name = stringParam(params, 'name');
      const args = objectParam(params, 'arguments');
      const options = { callId, ...(timeouts ? { timeouts } : {}) };
      if (paramsObject(params).asTask === true) return connection.callToolAsTask(name, args, options);
      return connection.request('tools/call', { name, arguments: args }, options);
    },
    'tasks.list': async (params) => connections.connected(stringParam(params, 'serverId')).listTasks(),
    'tasks.cancel': async (params) =>
      connections.connected(stringParam(params, 'serverId')).cancelTask(stringParam(params, 'taskId')),
    'calls.cancel': async (params) => {
      const reason = paramsObject(params).reason;
      connections.cancel(stringParam(params, 'callId'), typeof reason === 'string' ? reason : undefined);
    },
  };
}
