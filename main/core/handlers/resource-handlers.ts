import type { RequestHandlers } from '../../../shared/contract.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import { fetchAllPages } from '../mcp/fetch-all-pages.js';
import { toResourceInfo, toResourceTemplateInfo } from '../mcp/views.js';
import { stringParam } from './params.js';

type ResourceHandlers = Pick<
  RequestHandlers,
  'resources.list' | 'resources.templates' | 'resources.read' | 'resources.subscribe' | 'resources.unsubscribe'
>;

export function resourceHandlers(connections: ConnectionManager): ResourceHandlers {
  const byUri = (method: string) => async (params: unknown) =>
    connections.connected(stringParam(params, 'serverId')).request(method, { uri: stringParam(params, 'uri') });
  return {
    'resources.list': async (params) =>
      fetchAllPages(connections.connected(stringParam(params, 'serverId')), 'resources/list', 'resources', toResourceInfo),
    'resources.templates': async (params) =>
      fetchAllPages(
        connections.connected(stringParam(params, 'serverId')),
        'resources/templates/list',
        'resourceTemplates',
        toResourceTemplateInfo,
      ),
    'resources.read': byUri('resources/read'),
    'resources.subscribe': byUri('resources/subscribe'),
    'resources.unsubscribe': byUri('resources/unsubscribe'),
  };
}
