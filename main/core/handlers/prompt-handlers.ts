import type { RequestHandlers } from '../../../shared/contract.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import { withHeldTexts, type HoldText } from '../documents/hold-long-texts.js';
import type { ServerListsRegistry } from '../lists/server-lists.js';

type PromptHandlers = Pick<RequestHandlers, 'prompts.list' | 'prompts.get'>;

export function promptHandlers(connections: ConnectionManager, lists: ServerListsRegistry, hold: HoldText): PromptHandlers {
  return {
    'prompts.list': async (params) => lists.load(params.serverId, 'prompts', params.force === true),
    'prompts.get': async (params) => {
      const outcome = await connections.connected(params.serverId).request('prompts/get', { name: params.name, arguments: params.arguments });
      return params.holdLongTexts === true ? withHeldTexts(outcome, hold, 'prompts/get') : outcome;
    },
  };
}
