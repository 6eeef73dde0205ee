import type { RequestHandlers } from '../../../shared/contract.js';
import { LoupeError } from '../../../shared/wire.js';
import type { AuthManager } from '../auth/auth-manager.js';
import type { ConfigStore } from '../config/config-store.js';
import type { ConnectionManager } from '../connections/connection-manager.js';

type AuthHandlers = Pick<RequestHandlers, 'auth.status' | 'auth.start' | 'auth.clear' | 'auth.setClientSecret' | 'auth.setSecret'>;

export function authHandlers(store: ConfigStore, connections: ConnectionManager, auth: AuthManager): AuthHandlers {
  const httpServer = ({ serverId }: { serverId: string }) => {
    const config = store.require(serverId);
    if (config.transport.type === 'stdio') throw new LoupeError('Sign-in (OAuth) is for Streamable HTTP and SSE servers only.', 'not-supported');
    return config;
  };
  return {
    'auth.status': async (params) => auth.status(store.require(params.serverId)),
    'auth.start': async (params) => {
      const config = httpServer(params);
      const reason = auth.cannotSignIn(config);
      if (reason) throw new LoupeError(reason, 'not-supported');
      return auth.signIn(config, () => connections.connect(config));
    },
    'auth.clear': async (params) => {
      const config = httpServer(params);
      auth.cancel(config.id, 'Sign-in cancelled: the tokens were cleared.');
      const status = await auth.clear(config);
      // A live connection would go on with tokens the server may have revoked: it ends, saying how to come back.
      const live = connections.state(config.id).status;
      if (live === 'connected' || live === 'connecting') {
        await connections.disconnect(config.id, { code: 'auth-required', message: 'The tokens were cleared, so Loupe disconnected: use Sign in to connect again.' });
      }
      return status;
    },
    'auth.setClientSecret': async (params) => auth.setSecret(httpServer(params), 'client-secret', params.secret),
    'auth.setSecret': async (params) => auth.setSecret(httpServer(params), params.name, params.secret),
  };
}
