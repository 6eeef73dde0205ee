import type { RequestHandlers } from '../../../shared/contract.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import { loadList } from '../mcp/load-list.js';
import { toResourceInfo, toResourceTemplateInfo } from '../mcp/views.js';

type ResourceHandlers = Pick<
  RequestHandlers,
  'resources.list' | 'resources.templates' | 'resources.read' | 'resources.subscribe' | 'resources.unsubscribe'
>;

export function resourceHandlers(connections: ConnectionManager): ResourceHandlers {
  return {
    'resources.list': async (params) =>
      loadList(connections.connected(params.serverId), 'resources/list', 'resources', toResourceInfo, params.force === true),
    'resources.templates': async (params) =>
      loadList(connections.connected(params.serverId), 'resources/templates/list', 'resourceTemplates', toResourceTemplateInfo, params.force === true),
    'resources.read': async (params) => connections.connected(params.serverId).request('resources/read', { uri: params.uri }),
    'resources.subscribe': async (params) =>
      connections.connected(params.serverId).subscribeResource(params.uri, true),
    'resources.unsubscribe': async (params) =>
      connections.connected(params.serverId).subscribeResource(params.uri, false),
  };
}
