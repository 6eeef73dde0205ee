import type { RequestHandlers } from '../../../shared/contract.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import { withHeldTexts, type HoldText } from '../documents/hold-long-texts.js';
import type { ServerListsRegistry } from '../lists/server-lists.js';

type ToolHandlers = Pick<RequestHandlers, 'tools.list' | 'tools.call' | 'calls.cancel' | 'tasks.list' | 'tasks.cancel'>;

export function toolHandlers(connections: ConnectionManager, lists: ServerListsRegistry, hold: HoldText): ToolHandlers {
  return {
    'tools.list': async (params) => lists.load(params.serverId, 'tools', params.force === true),
    'tools.call': async (params) => {
      const { serverId, callId, name, arguments: args, timeouts } = params;
      const connection = connections.connected(serverId);
      const options = { callId, ...(timeouts ? { timeouts } : {}) };
      const outcome =
        params.asTask === true
          ? await connection.callToolAsTask(name, args, { ...options, tool: lists.peekTool(serverId, name) })
          : await connection.request('tools/call', { name, arguments: args }, options);
      return params.holdLongTexts === true ? withHeldTexts(outcome, hold, 'tools/call') : outcome;
    },
    'tasks.list': async (params) => connections.connected(params.serverId).listTasks(),
    'tasks.cancel': async (params) => connections.connected(params.serverId).cancelTask(params.taskId),
    'calls.cancel': async (params) => {
      connections.cancel(params.callId, params.reason);
    },
  };
}
