import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { JsonObject } from '../../../shared/mcp.js';
import type { ConfigStore } from '../config/config-store.js';
import type { IncomingRequestContext, IncomingRequests } from './incoming-requests.js';

/** Sends each server → client request to what answers it: roots from the config, the rest to a person. */
export function createServerRequestRouter(store: ConfigStore, approvals: IncomingRequests): IncomingRequests {
  return {
    handle: async (method: string, params: JsonObject | undefined, context: IncomingRequestContext) => {
      switch (method) {
        case 'roots/list':
          return { roots: store.get(context.serverId)?.roots ?? [] };
        case 'sampling/createMessage':
        case 'elicitation/create':
          return approvals.handle(method, params, context);
        default:
          throw new ProtocolError(ProtocolErrorCode.MethodNotFound, `Loupe does not handle ${method}.`);
      }
    },
  };
}
