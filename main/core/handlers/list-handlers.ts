import type { RequestHandlers } from '../../../shared/contract.js';
import type { ServerListsRegistry } from '../lists/server-lists.js';

type ListHandlers = Pick<RequestHandlers, 'lists.get' | 'lists.refresh'>;

export function listHandlers(lists: ServerListsRegistry): ListHandlers {
  return {
    'lists.get': async (params) => lists.snapshot(params?.serverId),
    'lists.refresh': async (params) => lists.refresh(params.serverId, params.name, params.force === true),
  };
}
