/**
 * Connecting the command line's server: secrets from the environment or files, sign-in on a 401,
 * the failure as exit 3, and closing the session. Shared by the built-in commands and the modules.
 */
import { readFile } from 'node:fs/promises';
import type { AuthSecretName } from '../../shared/auth.js';
import type { ConnectionState } from '../../shared/connection.js';
import type { CliAuthOptions, CommonOptions, Target } from './cli-args.js';
import { CommandFailed, type CliEnvironment, type CliExtras, type CliIo, type Exit } from './cli-command.js';
import { openSession, prepareServer, type CliSession } from './cli-session.js';
import { EXIT, UsageError } from './exit-codes.js';
import type { Replies } from './replies.js';

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The core's failures name the window's Sign in button; the command line has a flag instead. */
function inCliWords(message: string): string {
  return message.replaceAll('use Sign in', 'run again with --sign-in');
}

/** A connection that did not come up, as the command's failure (exit 3), with the server's last words. */
export function connectionFailure(state: ConnectionState): CommandFailed {
  const lines = [inCliWords(state.failure?.message ?? `The connection ended (${state.status}).`)];
  if (state.failure?.detail) lines.push(state.failure.detail);
  if (state.exit?.stderrTail.length) lines.push('Last stderr lines:', ...state.exit.stderrTail.map((line) => `  ${line}`));
  return new CommandFailed(lines.join('\n'), EXIT.connectionFailed, {
    status: state.status,
    ...(state.failure ? { failure: state.failure } : {}),
    ...(state.exit ? { exit: state.exit } : {}),
  });
}

function secretFromEnv(env: NodeJS.ProcessEnv, name: string, flag: string): string {
  const value = env[name];
  if (!value) throw new UsageError(`${flag} names ${name}, which is not set.`);
  return value;
}

/** The secrets the command line points at (by variable name or file), stored the way the app stores them. */
export async function storeSecrets(session: CliSession, serverId: string, auth: CliAuthOptions, env: NodeJS.ProcessEnv): Promise<void> {
  const store = (name: AuthSecretName, secret: string) => session.core.handlers['auth.setSecret']({ serverId, name, secret });
  if (auth.clientSecretEnv) await store('client-secret', secretFromEnv(env, auth.clientSecretEnv, '--client-secret-env'));
  if (auth.privateKeyFile) {
    const file = auth.privateKeyFile;
    const pem = await readFile(file, 'utf8').catch((error: unknown) => {
      throw new UsageError(`Could not read the private key ${file}: ${reason(error)}`);
    });
    await store('client-secret', pem);
  }
  if (auth.idpIdTokenEnv) await store('idp-id-token', secretFromEnv(env, auth.idpIdTokenEnv, '--idp-id-token-env'));
  if (auth.idpClientSecretEnv) await store('idp-client-secret', secretFromEnv(env, auth.idpClientSecretEnv, '--idp-client-secret-env'));
}

/**
 * Connects with whatever tokens are stored; on a 401 with --sign-in, runs the OAuth flow. An
 * authorization page to open is printed, since a terminal may have no browser.
 */
export async function connectSigningIn(session: CliSession, serverId: string, options: CommonOptions, env: NodeJS.ProcessEnv, io: CliIo): Promise<ConnectionState> {
  const { handlers } = session.core;
  if (options.auth) await storeSecrets(session, serverId, options.auth, env);
  const state = await handlers['connections.connect']({ serverId });
  const code = state.failure?.code;
  if (state.status === 'connected' || (code !== 'auth-required' && code !== 'http-unauthorized')) return state;
  // Without --sign-in the failure itself says to run again with it.
  if (!options.auth?.signIn) return state;
  const unsubscribe = session.core.subscribe((name, payload) => {
    const open = payload as { serverId?: string; url?: string };
    if (name === 'auth.openUrl' && open.serverId === serverId) io.stderr(`Open this page to sign in, then come back here:\n  ${open.url}\n`);
  });
  try {
    io.stderr('Signing in (OAuth)…\n');
    const signedIn = await handlers['auth.start']({ serverId });
    if (signedIn.status !== 'connected') {
      const auth = await handlers['auth.status']({ serverId });
      const failed = auth.steps.findLast((step) => step.status === 'failed');
      if (failed) io.stderr(`Sign-in failed at "${failed.title}": ${failed.summary}\n`);
    }
    return signedIn;
  } finally {
    unsubscribe();
  }
}

/** A session connected to the command line's server. */
export interface ConnectedTarget {
  session: CliSession;
  serverId: string;
  state: ConnectionState;
}

/**
 * Opens a CLI session and connects the target (signing in when asked); the caller closes the
 * session (`closeSession`). When connecting fails, this closes the session and throws the failure
 * (exit 3).
 */
export async function connectTarget(env: CliEnvironment, target: Target, options: CommonOptions, replies: Replies | undefined, extras: CliExtras): Promise<ConnectedTarget> {
  const { io } = env;
  const session = await openSession(options, env.version, replies, (message) => io.stderr(`${message}\n`));
  try {
    const server = await prepareServer(session.core, target, options);
    const state = await connectSigningIn(session, server.id, options, extras.env ?? process.env, io);
    if (state.status !== 'connected') throw connectionFailure(state);
    return { session, serverId: server.id, state };
  } catch (error) {
    await session.close().catch(() => undefined);
    throw error;
  }
}

/** Closes a session; a failure to finish it (or to write --record) is said, and is EXIT.internal. */
export async function closeSession(session: CliSession, options: CommonOptions, io: CliIo): Promise<Exit | undefined> {
  try {
    await session.close();
    return undefined;
  } catch (error) {
    io.stderr(`Could not finish the session${options.record || options.har ? ` or write ${[options.record, options.har].filter(Boolean).join(' or ')}` : ''}: ${reason(error)}\n`);
    return EXIT.internal;
  }
}
