import type { RequestHandlers } from '../../../shared/contract.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import { withHeldTexts, type HoldText } from '../documents/hold-long-texts.js';
import type { ServerListsRegistry } from '../lists/server-lists.js';

type ResourceHandlers = Pick<
  RequestHandlers,
  'resources.list' | 'resources.templates' | 'resources.read' | 'resources.subscribe' | 'resources.unsubscribe'
>;

export function resourceHandlers(connections: ConnectionManager, lists: ServerListsRegistry, hold: HoldText): ResourceHandlers {
  return {
    'resources.list': async (params) => lists.load(params.serverId, 'resources', params.force === true),
    'resources.templates': async (params) => lists.load(params.serverId, 'resourceTemplates', params.force === true),
    'resources.read': async (params) => {
      const outcome = await connections.connected(params.serverId).request('resources/read', { uri: params.uri });
      return params.holdLongTexts === true ? withHeldTexts(outcome, hold, 'resources/read') : outcome;
    },
    'resources.subscribe': async (params) =>
      connections.connected(params.serverId).subscribeResource(params.uri, true),
    'resources.unsubscribe': async (params) =>
      connections.connected(params.serverId).subscribeResource(params.uri, false),
  };
}
