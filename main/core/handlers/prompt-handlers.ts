import type { RequestHandlers } from '../../../shared/contract.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import { loadList } from '../mcp/load-list.js';
import { toPromptInfo } from '../mcp/views.js';

type PromptHandlers = Pick<RequestHandlers, 'prompts.list' | 'prompts.get'>;

export function promptHandlers(connections: ConnectionManager): PromptHandlers {
  return {
    'prompts.list': async (params) =>
      loadList(connections.connected(params.serverId), 'prompts/list', 'prompts', toPromptInfo, params.force === true),
    'prompts.get': async (params) =>
      connections.connected(params.serverId).request('prompts/get', { name: params.name, arguments: params.arguments }),
  };
}
