import type { RequestHandlers } from '../../../shared/contract.js';
import type { OAuthDebugger } from '../auth/debugger/oauth-debugger.js';

type OAuthDebugHandlers = Pick<
  RequestHandlers,
  'oauthDebug.start' | 'oauthDebug.next' | 'oauthDebug.continueFrom' | 'oauthDebug.edit' | 'oauthDebug.stop' | 'oauthDebug.get' | 'oauthDebug.list'
>;

export function oauthDebugHandlers(debug: OAuthDebugger): OAuthDebugHandlers {
  return {
    'oauthDebug.start': (params) => debug.start(params),
    'oauthDebug.next': ({ runId }) => debug.next(runId),
    'oauthDebug.continueFrom': ({ runId, stepIndex, edit }) => debug.continueFrom(runId, stepIndex, edit),
    'oauthDebug.edit': async ({ runId, stepIndex, edit }) => debug.edit(runId, edit, stepIndex),
    'oauthDebug.stop': async ({ runId }) => debug.stop(runId),
    'oauthDebug.get': async ({ runId }) => debug.get(runId),
    'oauthDebug.list': async ({ serverId }) => debug.list(serverId),
  };
}
