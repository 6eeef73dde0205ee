import type { RequestHandlers } from '../../../shared/contract.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import { loadList } from '../mcp/load-list.js';
import { toToolInfo } from '../mcp/views.js';

type ToolHandlers = Pick<RequestHandlers, 'tools.list' | 'tools.call' | 'calls.cancel' | 'tasks.list' | 'tasks.cancel'>;

export function toolHandlers(connections: ConnectionManager): ToolHandlers {
  return {
    'tools.list': async (params) => {
      return loadList(connections.connected(params.serverId), 'tools/list', 'tools', toToolInfo, params.force === true);
    },
    'tools.call': async (params) => {
      const { serverId, callId, name, arguments: args, timeouts } = params;
      const connection = connections.connected(serverId);
      const options = { callId, ...(timeouts ? { timeouts } : {}) };
      if (params.asTask === true) return connection.callToolAsTask(name, args, options);
      return connection.request('tools/call', { name, arguments: args }, options);
    },
    'tasks.list': async (params) => connections.connected(params.serverId).listTasks(),
    'tasks.cancel': async (params) => connections.connected(params.serverId).cancelTask(params.taskId),
    'calls.cancel': async (params) => {
      connections.cancel(params.callId, params.reason);
    },
  };
}
