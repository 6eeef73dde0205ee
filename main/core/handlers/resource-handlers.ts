import type { RequestHandlers } from '../../../shared/contract.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import { loadList } from '../mcp/load-list.js';
import { toResourceInfo, toResourceTemplateInfo } from '../mcp/views.js';
import { forceParam, stringParam } from './params.js';

type ResourceHandlers = Pick<
  RequestHandlers,
  'resources.list' | 'resources.templates' | 'resources.read' | 'resources.subscribe' | 'resources.unsubscribe'
>;

export function resourceHandlers(connections: ConnectionManager): ResourceHandlers {
  const byUri = (method: string) => async (params: unknown) =>
    connections.connected(stringParam(params, 'serverId')).request(method, { uri: stringParam(params, 'uri') });
  return {
    'resources.list': async (params) =>
      loadList(connections.connected(stringParam(params, 'serverId')), 'resources/list', 'resources', toResourceInfo, forceParam(params)),
    'resources.templates': async (params) =>
      loadList(
        connections.connected(stringParam(params, 'serverId')),
        'resources/templates/list',
        'resourceTemplates',
        toResourceTemplateInfo,
        forceParam(params),
      ),
    'resources.read': byUri('resources/read'),
    'resources.subscribe': async (params) =>
      connections.connected(stringParam(params, 'serverId')).subscribeResource(stringParam(params, 'uri'), true),
    'resources.unsubscribe': async (params) =>
      connections.connected(stringParam(params, 'serverId')).subscribeResource(stringParam(params, 'uri'), false),
  };
}
