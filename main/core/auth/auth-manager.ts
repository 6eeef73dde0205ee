import type { FetchLike } from '@modelcontextprotocol/client';
import type { AuthSecretName, AuthStatus, HttpExchange } from '../../../shared/auth.js';
import type { ServerConfig } from '../../../shared/server-config.js';
import { LoupeError } from '../../../shared/wire.js';
import { AuthSession } from './auth-session.js';
import type { TokenStore } from './token-store.js';

export interface AuthManagerDeps {
  tokens: TokenStore;
  onChange: (status: AuthStatus) => void;
  /** The shell opens this URL in the system browser (desktop) or the window opens it (browser mode). */
  onOpenUrl: (event: { serverId: string; url: string }) => void;
  /** A recording fetch for a server's OAuth requests outside a connection (Clear tokens' revocation). */
  fetchFor?: (serverId: string, serverUrl: string, onExchange: (exchange: HttpExchange, trafficSeq: number) => void) => FetchLike;
}

function hasManualAuthorization(config: ServerConfig): boolean {
  return config.transport.type !== 'stdio' && config.transport.headers.some((pair) => pair.key.trim().toLowerCase() === 'authorization' && pair.value.trim() !== '');
}

/** The OAuth sessions of all HTTP servers, by server id. */
export class AuthManager {
  private readonly sessions = new Map<string, AuthSession>();

  constructor(private readonly deps: AuthManagerDeps) {}

  /**
   * The OAuth client for a connection, or none: stdio servers have none, and neither has a server
   * whose own Authorization header the person set (unless it has OAuth settings too).
   */
  sessionFor(config: ServerConfig): AuthSession | undefined {
    if (config.transport.type === 'stdio') return undefined;
    if (!config.auth && hasManualAuthorization(config)) return undefined;
    return this.session(config);
  }

  private session(config: ServerConfig): AuthSession {
    if (config.transport.type === 'stdio') throw new LoupeError('Sign-in (OAuth) is for Streamable HTTP and SSE servers only.', 'not-supported');
    let session = this.sessions.get(config.id);
    if (!session) {
      session = new AuthSession(config.id, { serverUrl: config.transport.url, settings: config.auth ?? {} }, {
        tokens: this.deps.tokens,
        onChange: this.deps.onChange,
        openInBrowser: (serverId, url) => this.deps.onOpenUrl({ serverId, url }),
        ...(this.deps.fetchFor ? { fetchFor: (serverUrl, onExchange) => this.deps.fetchFor!(config.id, serverUrl, onExchange) } : {}),
      });
      this.sessions.set(config.id, session);
    }
    session.configure(config.auth ?? {});
    return session;
  }

  async status(config: ServerConfig): Promise<AuthStatus> {
    if (config.transport.type === 'stdio') return { serverId: config.id, state: 'none', steps: [], hasClientSecret: false };
    return this.session(config).loadStatus(config.transport.url);
  }

  /**
   * Signs in afresh (stored tokens are dropped first, the registered client kept) by connecting with
   * the browser allowed to open; resolves with the connect's outcome.
   */
  async signIn<T extends { status: string; failure?: { message: string } }>(config: ServerConfig, connect: () => Promise<T>): Promise<T> {
    const session = this.session(config);
    await session.dropTokens();
    session.setUserStarted(true);
    const state = await connect();
    if (state.status !== 'connected') {
      if (session.status().state !== 'failed') session.fail(new Error(state.failure?.message ?? 'The connection did not open.'));
      session.setUserStarted(false);
    } else {
      session.settle();
    }
    return state;
  }

  async clear(config: ServerConfig): Promise<AuthStatus> {
    const session = this.session(config);
    await session.clear();
    return session.status();
  }

  async setSecret(config: ServerConfig, name: AuthSecretName, secret: string | null): Promise<AuthStatus> {
    const session = this.session(config);
    await session.setSecret(name, secret);
    return session.status();
  }

  cancel(serverId: string, reason: string): void {
    this.sessions.get(serverId)?.cancel(reason);
  }

  /** Why this server cannot sign in with OAuth, or undefined when it can. */
  cannotSignIn(config: ServerConfig): string | undefined {
    if (config.transport.type === 'stdio') return 'Sign-in (OAuth) is for Streamable HTTP and SSE servers only.';
    if (!this.sessionFor(config)) return 'This server sends the Authorization header set in its headers: remove that header to sign in with OAuth instead.';
    return undefined;
  }

  /** The server was removed: its tokens and client secret go too. */
  async forget(serverId: string): Promise<void> {
    this.sessions.get(serverId)?.cancel('The server was removed.');
    this.sessions.delete(serverId);
    await this.deps.tokens.forget(serverId);
  }
}
