import type { RequestHandlers } from '../../../shared/contract.js';
import { LoupeError } from '../../../shared/wire.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import { loadList } from '../mcp/load-list.js';
import { toPromptInfo } from '../mcp/views.js';
import { forceParam, objectParam, stringParam } from './params.js';

type PromptHandlers = Pick<RequestHandlers, 'prompts.list' | 'prompts.get'>;

function stringArguments(value: Record<string, unknown>): Record<string, string> {
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') throw new LoupeError(`Prompt argument "${key}" must be text.`, 'invalid-params');
  }
  return value as Record<string, string>;
}

export function promptHandlers(connections: ConnectionManager): PromptHandlers {
  return {
    'prompts.list': async (params) =>
      loadList(connections.connected(stringParam(params, 'serverId')), 'prompts/list', 'prompts', toPromptInfo, forceParam(params)),
    'prompts.get': async (params) =>
      connections.connected(stringParam(params, 'serverId')).request('prompts/get', {
        name: stringParam(params, 'name'),
        arguments: stringArguments(objectParam(params, 'arguments')),
      }),
  };
}
