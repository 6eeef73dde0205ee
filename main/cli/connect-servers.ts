/**
 * A CLI session with several servers connected at once (a collection's servers, or the two sides
 * of a diff): each is connected once, signing in where asked, before the command runs.
 */
import type { CommonOptions } from './cli-args.js';
import type { CliEnvironment, CliExtras } from './cli-command.js';
import { openSession, type CliSession } from './cli-session.js';
import { connectionFailure, connectSigningIn } from './cli-connect.js';
import type { Replies } from './replies.js';

/**
 * Opens a session, lets `prepare` add the servers to its copy of the server list (returning their
 * ids), and connects each. A server that does not connect closes the session and throws its
 * failure (exit 3).
 */
export async function connectServers(
  env: CliEnvironment,
  options: CommonOptions,
  replies: Replies | undefined,
  extras: CliExtras,
  prepare: (session: CliSession) => Promise<string[]>,
): Promise<{ session: CliSession; serverIds: string[] }> {
  const session = await openSession(options, env.version, replies, (message) => env.io.stderr(`${message}\n`));
  try {
    const serverIds = await prepare(session);
    const servers = await session.core.handlers['servers.list']();
    for (const serverId of serverIds) {
      // Sign-in options are for the HTTP servers among them.
      const stdio = servers.find((server) => server.id === serverId)?.transport.type === 'stdio';
      const { auth: _auth, ...withoutAuth } = options;
      const state = await connectSigningIn(session, serverId, stdio ? withoutAuth : options, extras.env ?? process.env, env.io);
      if (state.status !== 'connected') throw connectionFailure(state);
    }
    return { session, serverIds };
  } catch (error) {
    await session.close().catch(() => undefined);
    throw error;
  }
}
