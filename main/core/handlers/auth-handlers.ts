import { AUTH_SECRET_NAMES, type AuthSecretName } from '../../../shared/auth.js';
import type { RequestHandlers } from '../../../shared/contract.js';
import { LoupeError } from '../../../shared/wire.js';
import type { AuthManager } from '../auth/auth-manager.js';
import type { ConfigStore } from '../config/config-store.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import { paramsObject, stringParam } from './params.js';

type AuthHandlers = Pick<RequestHandlers, 'auth.status' | 'auth.start' | 'auth.clear' | 'auth.setClientSecret' | 'auth.setSecret'>;

export function authHandlers(store: ConfigStore, connections: ConnectionManager, auth: AuthManager): AuthHandlers {
  const httpServer = (params: unknown) => {
    const config = store.require(stringParam(params, 'serverId'));
    if (config.transport.type === 'stdio') throw new LoupeError('Sign-in (OAuth) is for Streamable HTTP and SSE servers only.', 'not-supported');
    return config;
  };
  return {
    'auth.status': async (params) => auth.status(store.require(stringParam(params, 'serverId'))),
    'auth.start': async (params) => {
      const config = httpServer(params);
      const reason = auth.cannotSignIn(config);
      if (reason) throw new LoupeError(reason, 'not-supported');
      return auth.signIn(config, () => connections.connect(config));
    },
    'auth.clear': async (params) => {
      const config = httpServer(params);
      auth.cancel(config.id, 'Sign-in cancelled: the tokens were cleared.');
      return auth.clear(config);
    },
    'auth.setClientSecret': async (params) => {
      const secret = paramsObject(params).secret;
      if (secret !== null && typeof secret !== 'string') throw new LoupeError('The client secret must be text, or null to remove it.', 'invalid-params');
      return auth.setSecret(httpServer(params), 'client-secret', secret);
    },
    'auth.setSecret': async (params) => {
      const { name, secret } = paramsObject(params);
      if (!AUTH_SECRET_NAMES.includes(name as AuthSecretName)) throw new LoupeError(`Unknown secret "${String(name)}": use ${AUTH_SECRET_NAMES.join(', ')}.`, 'invalid-params');
      if (secret !== null && typeof secret !== 'string') throw new LoupeError('The secret must be text, or null to remove it.', 'invalid-params');
      return auth.setSecret(httpServer(params), name as AuthSecretName, secret);
    },
  };
}
