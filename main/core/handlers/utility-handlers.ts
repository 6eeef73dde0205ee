import type { RequestHandlers } from '../../../shared/contract.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import type { IsolatedValidator } from '../mcp/isolated-validator.js';

type UtilityHandlers = Pick<RequestHandlers, 'completion.complete' | 'logging.setLevel' | 'ping.send' | 'schemas.validate'>;

export function utilityHandlers(connections: ConnectionManager, validator: IsolatedValidator): UtilityHandlers {
  return {
    'schemas.validate': async (params) => validator.validate(params.schema, params.value, params.serverId),
    'completion.complete': async ({ serverId, callId, ...completion }) =>
      connections.connected(serverId).request('completion/complete', completion, callId ? { callId } : {}),
    'logging.setLevel': async (params) => connections.connected(params.serverId).setLogLevel(params.level),
    'ping.send': async (params) => connections.connected(params.serverId).request('ping', undefined),
  };
}
