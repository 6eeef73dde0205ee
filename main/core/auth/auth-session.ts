import { randomBytes } from 'node:crypto';
import {
  IssuerMismatchError,
  requestJwtAuthorizationGrant,
  type AddClientAuthentication,
  type DpopSession,
  type FetchLike,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import {
  AUTH_STEP_TITLES,
  maskSecret,
  type AuthSecretName,
  type AuthSettings,
  type AuthState,
  type AuthStatus,
  type AuthStep,
  type AuthStepKind,
  type HttpExchange,
} from '../../../shared/auth.js';
import { redactUrl } from '../transports/http-redaction.js';
import { classifyOAuthExchange, stepFromExchange } from './auth-steps.js';
import { privateKeyJwtSigner } from './client-auth.js';
import { challengeOf, parseWwwAuthenticate } from './www-authenticate.js';
import { liveDpopSession } from './dpop.js';
import { revokeOnClear } from './revoke-on-clear.js';
import { CALLBACK_PATH, LoopbackRedirect, reservePort } from './loopback-redirect.js';
import type { OAuthRecord, TokenStore } from './token-store.js';
import { networkFetch } from '../transports/network-fetch.js';

const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** Steps kept per server: a flow has about ten; refreshes add one each. */
const MAX_STEPS = 60;
/** Redirect hops followed when the authorization URL is followed without a browser. */
const MAX_HOPS = 5;
/** The longest token kept (access, refresh or ID token): JWTs with many claims run to a few KB. */
export const MAX_TOKEN_CHARS = 64 * 1024;

/** Refuses, with a sentence, tokens too long to keep: a hostile authorization server must not fill the secret store. */
function assertKeepableTokens(tokens: StoredOAuthTokens): void {
  for (const name of ['access_token', 'refresh_token', 'id_token'] as const) {
    const value: unknown = tokens[name];
    if (typeof value === 'string' && value.length > MAX_TOKEN_CHARS) {
      throw new Error(
        `The authorization server's ${name} is ${value.length.toLocaleString('en')} characters long; Loupe keeps tokens of up to ${MAX_TOKEN_CHARS.toLocaleString('en')}, so it was not saved.`,
      );
    }
  }
}

export interface AuthSessionDeps {
  tokens: TokenStore;
  onChange: (status: AuthStatus) => void;
  /** Asks the shell to open the authorization URL in the system browser. */
  openInBrowser: (serverId: string, url: string) => void;
  /** A recording fetch for Clear tokens' revocation requests (RFC 7009), which happen outside any connection. */
  fetchFor?: (serverUrl: string, onExchange: (exchange: HttpExchange, trafficSeq: number) => void) => FetchLike;
}

export interface AuthTarget {
  serverUrl: string;
  settings: AuthSettings;
}

/**
 * One server's OAuth client, as the SDK's `auth()` drives it (`OAuthClientProvider`), plus what
 * the Auth view shows: the steps, the masked tokens, a failure naming its step. Tokens and
 * registered clients persist in the `TokenStore`; the PKCE verifier lives in memory only.
 */
export class AuthSession implements OAuthClientProvider {
  private record: OAuthRecord;
  private clientSecretValue: string | undefined;
  private settings: AuthSettings;
  private verifier: string | undefined;
  private expectedState: string | undefined;
  private port = 0;
  private pending: LoopbackRedirect | undefined;
  private steps: AuthStep[] = [];
  private flowState: AuthState = 'none';
  private failure: AuthStatus['failure'];
  private authorizationUrl: string | undefined;
  private flowFetch: FetchLike | undefined;
  private idpIdToken: string | undefined;
  private idpClientSecret: string | undefined;
  private savedAuthorizationServerUrl: string | undefined;
  private savedResourceUrl: string | undefined;
  /** Set while the person asked to sign in (and while signed in, for step-up): the browser may open. */
  private userStarted = false;
  /** The server answered with a DPoP challenge (RFC 9449 §7.1): tokens are asked for bound to Loupe's key. */
  private resourceAskedDpop = false;
  private dpopSession: Promise<DpopSession | undefined> | undefined;

  constructor(
    readonly serverId: string,
    target: AuthTarget,
    private readonly deps: AuthSessionDeps,
  ) {
    this.settings = target.settings;
    this.configure(target.settings);
    this.record = { serverUrl: target.serverUrl };
  }

  /** The server's saved OAuth settings changed: what the Auth view shows follows them at once. */
  configure(settings: AuthSettings): void {
    this.settings = settings;
    // The SDK reads an absent property as "no metadata document": never present and undefined.
    if (settings.clientMetadataUrl) this.clientMetadataUrl = settings.clientMetadataUrl;
    else delete this.clientMetadataUrl;
  }

  /** Loads what is stored for this server and reserves the loopback port; call before each connect. */
  async prepare(target: AuthTarget, fetch: FetchLike): Promise<void> {
    this.configure(target.settings);
    this.flowFetch = fetch;
    this.record = await this.deps.tokens.read(this.serverId, target.serverUrl);
    this.dpopSession = undefined;
    await this.loadSecrets();
    const signer = this.privateKeyJwt();
    if (signer) this.addClientAuthentication = signer;
    else delete this.addClientAuthentication;
    if (this.interactiveGrant && !this.pending) {
      this.port = await reservePort(this.record.redirectPort);
      // A dynamically registered client names its redirect URI: on another port it registers again.
      if (this.record.redirectPort !== this.port && this.record.clientSource === 'dynamic-registration') delete this.record.client;
    }
  }

  /**
   * The person asked to sign in. It stays so after a successful sign-in, so a later challenge
   * (an expired session, a step-up) may open the browser again; Clear tokens ends it.
   */
  setUserStarted(started: boolean): void {
    this.userStarted = started;
    if (started) {
      // Steps of a connect that stopped at "sign in needed" are the start of this flow: keep them.
      // Its "sign in needed" authorize step gives way to the one this sign-in makes.
      this.steps = this.flowState === 'none' ? this.steps.filter((step) => !(step.kind === 'authorize' && step.status === 'waiting')) : [];
      this.failure = undefined;
      this.setState('signing-in');
    }
  }

  // ── OAuthClientProvider ────────────────────────────────────────────────────────────────────

  /** Set for `private_key_jwt`: signs a client assertion with the stored key (the SDK's helper). */
  addClientAuthentication?: AddClientAuthentication;

  get redirectUrl(): string | undefined {
    return this.interactiveGrant ? `http://127.0.0.1:${this.port}${CALLBACK_PATH}` : undefined;
  }

  /** Loupe's Client ID Metadata Document, from the settings (see configure). */
  clientMetadataUrl?: string;

  get clientMetadata(): OAuthClientMetadata {
    const interactive = this.interactiveGrant;
    const grantTypes =
      this.settings.grant === 'client_credentials' ? ['client_credentials'] : this.settings.grant === 'cross-app-access' ? [JWT_BEARER_GRANT] : ['authorization_code', 'refresh_token'];
    return {
      client_name: 'MCP Loupe',
      redirect_uris: interactive ? [this.redirectUrl as string] : [],
      grant_types: grantTypes,
      response_types: interactive ? ['code'] : [],
      token_endpoint_auth_method: this.usesPrivateKey ? 'private_key_jwt' : this.clientSecretValue ? 'client_secret_basic' : 'none',
      ...(this.settings.scopes ? { scope: this.settings.scopes } : {}),
    };
  }

  state(): string {
    this.expectedState = randomBytes(16).toString('base64url');
    return this.expectedState;
  }

  clientInformation(): StoredOAuthClientInformation | undefined {
    if (this.settings.clientId) {
      const secret = this.usesPrivateKey ? undefined : this.clientSecretValue;
      return { client_id: this.settings.clientId, ...(secret ? { client_secret: secret } : {}) };
    }
    return this.record.client;
  }

  async saveClientInformation(client: StoredOAuthClientInformation): Promise<void> {
    this.record.client = client;
    this.record.clientSource = client.client_id === this.clientMetadataUrl ? 'metadata-document' : 'dynamic-registration';
    if (this.port) this.record.redirectPort = this.port;
    await this.persist();
  }

  tokens(): StoredOAuthTokens | undefined {
    return this.record.tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    assertKeepableTokens(tokens);
    const before = { ...this.record };
    this.record.tokens = tokens;
    this.record.tokensSavedAt = Date.now();
    try {
      await this.persist();
    } catch (error) {
      // Tokens that could not be stored are not used either: a restart would lose them.
      this.record = before;
      throw error;
    }
    this.failure = undefined;
    this.authorizationUrl = undefined;
    this.setState('signed-in');
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const url = authorizationUrl.toString();
    this.pending?.fail(new Error('A newer sign-in replaced this one.'));
    this.pending = undefined;
    this.authorizationUrl = url;
    if (!this.userStarted && !this.record.tokens) {
      this.addStep({ kind: 'authorize', status: 'waiting', summary: 'The server needs you to sign in: use Sign in to open the authorization page.', url });
      this.setState('none');
      return;
    }
    const redirect = new LoopbackRedirect(this.port, this.expectedState ?? '');
    await redirect.listen();
    this.pending = redirect;
    const viaGet = this.settings.authorizeWith === 'http-get';
    this.addStep({
      kind: 'authorize',
      status: 'waiting',
      summary: viaGet ? 'Following the authorization URL with an HTTP GET (no browser).' : 'Opened the authorization page in the browser; waiting for you to sign in.',
      url,
    });
    this.setState('waiting-for-browser');
    if (viaGet) void this.followWithoutBrowser(url, redirect);
    else this.deps.openInBrowser(this.serverId, url);
  }

  /**
   * Grants without a browser: client_credentials, and cross-app access, whose ID-JAG comes from the
   * identity provider through the SDK's token exchange. The SDK adds the client authentication.
   */
  async prepareTokenRequest(scope?: string): Promise<URLSearchParams | undefined> {
    const wanted = scope ?? this.settings.scopes;
    let params: URLSearchParams;
    if (this.settings.grant === 'client_credentials') {
      params = new URLSearchParams({ grant_type: 'client_credentials' });
    } else if (this.settings.grant === 'cross-app-access') {
      params = new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion: await this.requestIdJag(wanted) });
    } else {
      return undefined;
    }
    if (wanted) params.set('scope', wanted);
    return params;
  }

  saveAuthorizationServerUrl(url: string): void {
    this.savedAuthorizationServerUrl = url;
  }

  saveResourceUrl(url: string): void {
    this.savedResourceUrl = url;
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('No PKCE code verifier: the sign-in was not started by this app session.');
    return this.verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'all' || scope === 'tokens') delete this.record.tokens;
    if (scope === 'all' || scope === 'client') {
      delete this.record.client;
      delete this.record.clientSource;
    }
    if (scope === 'all' || scope === 'discovery') delete this.record.discovery;
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    await this.persist();
    this.emit();
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.record.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.record.discovery;
  }

  /**
   * DPoP (RFC 9449) where the server asks for it (a DPoP challenge, or metadata requiring bound
   * tokens): the SDK signs the token requests and presents `token_type: DPoP` tokens with proofs.
   * The key is kept with the tokens it binds (dpop.ts); without a request for DPoP, Bearer as before.
   */
  dpop(): Promise<DpopSession | undefined> | undefined {
    const requiredByMetadata = (this.record.discovery?.resourceMetadata as { dpop_bound_access_tokens_required?: unknown } | undefined)?.dpop_bound_access_tokens_required === true;
    if (!this.record.dpopKey && !this.resourceAskedDpop && !requiredByMetadata) return undefined;
    const metadata = this.record.discovery?.authorizationServerMetadata as { dpop_signing_alg_values_supported?: unknown } | undefined;
    this.dpopSession ??= liveDpopSession(this.record, metadata?.dpop_signing_alg_values_supported, () => this.persist());
    return this.dpopSession;
  }

  // ── The flow, as Loupe runs around the SDK ───────────────────────────────────────────────────

  /** A sign-in is waiting for its redirect. */
  get waiting(): boolean {
    return this.pending !== undefined;
  }

  /** Waits for the redirect of the pending sign-in and returns its query, or undefined when none is pending. */
  async awaitRedirect(): Promise<URLSearchParams | undefined> {
    const pending = this.pending;
    if (!pending) return undefined;
    try {
      return await pending.callback;
    } finally {
      if (this.pending === pending) this.pending = undefined;
    }
  }

  /** Every HTTP exchange of the connection passes here; OAuth ones and challenges become steps. */
  noteExchange(exchange: HttpExchange, trafficSeq: number): void {
    if (exchange.purpose === 'mcp') {
      const wwwAuthenticate = exchange.responseHeaders?.['www-authenticate'] ?? '';
      if (exchange.status === 401) {
        if (challengeOf(parseWwwAuthenticate(wwwAuthenticate), 'dpop')) this.resourceAskedDpop = true;
        if (this.flowState === 'signed-in' || this.flowState === 'failed') this.steps = [];
        this.steps.push(stepFromExchange('challenge', exchange, trafficSeq, Date.now()));
        this.trimAndEmit();
      } else if (exchange.status === 403 && /insufficient_scope/.test(wwwAuthenticate)) {
        this.steps.push(stepFromExchange('step-up', exchange, trafficSeq, Date.now()));
        this.trimAndEmit();
      }
      return;
    }
    const kind = classifyOAuthExchange(exchange);
    this.steps.push(stepFromExchange(kind, exchange, trafficSeq, Date.now()));
    if (kind === 'callback' || kind === 'token') this.settleWaitingAuthorize();
    this.trimAndEmit();
  }

  /** The redirect arrived (by browser or GET): the authorize step is done. */
  noteRedirect(params: URLSearchParams): void {
    this.settleWaitingAuthorize();
    const error = params.get('error');
    // Followed without a browser, the redirect is a step of its own already: its HTTP exchange.
    if (!error && this.settings.authorizeWith === 'http-get') {
      this.setState('signing-in');
      return;
    }
    this.addStep({
      kind: 'callback',
      status: error ? 'failed' : 'ok',
      summary: error
        ? `The authorization server refused: ${error}${params.get('error_description') ? ` — ${params.get('error_description')}` : ''}.`
        : 'The browser came back to Loupe with an authorization code (redacted).',
      url: redactUrl(`${this.redirectUrl ?? ''}?${params.toString()}`),
    });
    this.setState('signing-in');
  }

  /** The flow failed: the failure names the step it failed at. */
  fail(error: unknown): void {
    let message = error instanceof Error ? error.message || error.name : String(error);
    if (error instanceof IssuerMismatchError && error.kind === 'metadata' && !this.settings.allowIssuerMismatch) {
      message += ' If this server is known to publish another issuer (some 2025-03-26 servers do), allow it in the server’s OAuth settings.';
    }
    const failedStep = [...this.steps].reverse().find((step) => step.status === 'failed') ?? this.steps.at(-1);
    const step: AuthStepKind = failedStep?.kind ?? 'challenge';
    this.failure = { step, message: failedStep?.status === 'failed' ? `${failedStep.summary} ${message}`.trim() : message };
    this.pending?.fail(new Error('The sign-in failed.'));
    this.pending = undefined;
    this.setState('failed');
  }

  /** A sign-in's connect succeeded: the state says whether it holds tokens (a server may not have asked for any). */
  settle(): void {
    if (this.flowState === 'signing-in' || this.flowState === 'waiting-for-browser') this.setState(this.record.tokens ? 'signed-in' : 'none');
  }

  /** A connect failed: when it was part of a sign-in, the sign-in failed with it. */
  connectFailed(error: unknown): void {
    if (this.userStarted || this.flowState === 'signing-in' || this.flowState === 'waiting-for-browser') this.fail(error);
  }

  /** The one-sentence reason of the last failure, naming the step. */
  get failureSentence(): string | undefined {
    if (!this.failure) return undefined;
    return `Sign-in failed at "${AUTH_STEP_TITLES[this.failure.step]}": ${this.failure.message}`;
  }

  async clear(): Promise<void> {
    this.pending?.fail(new Error('Sign-in cancelled: the tokens were cleared.'));
    this.pending = undefined;
    const { tokens, discovery, serverUrl } = this.record;
    const revocation =
      tokens && this.deps.fetchFor
        ? await revokeOnClear({ serverUrl, tokens, client: this.clientInformation(), discovery, privateKeyJwt: this.addClientAuthentication, fetchFor: (onExchange) => this.deps.fetchFor!(serverUrl, onExchange) })
        : [];
    this.record = { serverUrl: this.record.serverUrl, ...(this.record.redirectPort ? { redirectPort: this.record.redirectPort } : {}) };
    this.dpopSession = undefined;
    this.verifier = undefined;
    this.steps = revocation;
    this.failure = undefined;
    this.authorizationUrl = undefined;
    this.userStarted = false;
    await this.deps.tokens.clear(this.serverId);
    this.setState('none');
  }

  /** Forgets the tokens only (Sign in again asks the authorization server afresh). */
  async dropTokens(): Promise<void> {
    if (!this.record.tokens) return;
    delete this.record.tokens;
    delete this.record.tokensSavedAt;
    await this.persist();
  }

  /** Cancels a sign-in that waits for the browser (disconnect, removal). */
  cancel(reason: string): void {
    if (!this.pending) return;
    this.pending.fail(new Error(reason));
    this.pending = undefined;
  }

  async setSecret(name: AuthSecretName, secret: string | null): Promise<void> {
    await this.deps.tokens.setSecret(this.serverId, name, secret);
    await this.loadSecrets();
    this.emit();
  }

  async loadStatus(serverUrl: string): Promise<AuthStatus> {
    if (this.flowState === 'none' && !this.record.tokens) this.record = await this.deps.tokens.read(this.serverId, serverUrl);
    await this.loadSecrets();
    return this.status();
  }

  status(): AuthStatus {
    const tokens = this.record.tokens;
    const client = this.clientInformation();
    const state: AuthState = this.flowState === 'none' && tokens ? 'signed-in' : this.flowState;
    return {
      serverId: this.serverId,
      state,
      steps: this.steps.map((step) => ({ ...step })),
      hasClientSecret: this.clientSecretValue !== undefined,
      storedSecrets: [
        ...(this.clientSecretValue !== undefined ? (['client-secret'] as const) : []),
        ...(this.idpIdToken !== undefined ? (['idp-id-token'] as const) : []),
        ...(this.idpClientSecret !== undefined ? (['idp-client-secret'] as const) : []),
      ],
      ...(tokens
        ? {
            tokens: {
              accessTokenMasked: maskSecret(tokens.access_token),
              tokenType: tokens.token_type,
              ...(tokens.scope ? { scope: tokens.scope } : {}),
              ...(tokens.expires_in !== undefined && this.record.tokensSavedAt !== undefined
                ? { expiresAt: this.record.tokensSavedAt + tokens.expires_in * 1000 }
                : {}),
              hasRefreshToken: Boolean(tokens.refresh_token),
              obtainedAt: this.record.tokensSavedAt ?? Date.now(),
            },
          }
        : {}),
      ...(client
        ? {
            client: {
              clientId: client.client_id,
              source: this.settings.clientId ? 'pre-registered' : (this.record.clientSource ?? 'dynamic-registration'),
              hasSecret: Boolean(client.client_secret),
            },
          }
        : {}),
      ...(this.authorizationUrl && (this.flowState === 'waiting-for-browser' || this.flowState === 'none') ? { authorizationUrl: this.authorizationUrl } : {}),
      ...(this.failure ? { failure: this.failure } : {}),
    };
  }

  // ── Inside ───────────────────────────────────────────────────────────────────────────────────

  /** The grant that sends the person to an authorization page (and so needs the loopback redirect). */
  private get interactiveGrant(): boolean {
    return this.settings.grant === undefined || this.settings.grant === 'authorization_code';
  }

  private async loadSecrets(): Promise<void> {
    this.clientSecretValue = await this.deps.tokens.secret(this.serverId, 'client-secret');
    this.idpIdToken = await this.deps.tokens.secret(this.serverId, 'idp-id-token');
    this.idpClientSecret = await this.deps.tokens.secret(this.serverId, 'idp-client-secret');
  }

  /** Cross-app access, step 2: the identity provider exchanges the ID token for an ID-JAG for this server. */
  private async requestIdJag(scope: string | undefined): Promise<string> {
    const { idpTokenEndpoint, idpClientId } = this.settings;
    if (!idpTokenEndpoint || !idpClientId || !this.idpIdToken) {
      throw new Error('Cross-app access needs the identity provider’s token endpoint, a client id there, and an ID token: set them in the server’s OAuth settings.');
    }
    if (!this.savedAuthorizationServerUrl || !this.savedResourceUrl) {
      throw new Error('Cross-app access needs the server’s protected resource metadata (RFC 9728), and the server did not offer it.');
    }
    const grant = await requestJwtAuthorizationGrant({
      tokenEndpoint: idpTokenEndpoint,
      audience: this.savedAuthorizationServerUrl,
      resource: this.savedResourceUrl,
      idToken: this.idpIdToken,
      clientId: idpClientId,
      ...(this.idpClientSecret ? { clientSecret: this.idpClientSecret } : {}),
      ...(scope ? { scope } : {}),
      ...(this.flowFetch ? { fetchFn: this.flowFetch } : {}),
    });
    return grant.jwtAuthGrant;
  }

  private get usesPrivateKey(): boolean {
    return this.settings.clientAuthentication === 'private_key_jwt';
  }

  private privateKeyJwt(): AddClientAuthentication | undefined {
    const clientId = this.settings.clientId;
    if (!this.usesPrivateKey || !clientId || !this.clientSecretValue) return undefined;
    return privateKeyJwtSigner(clientId, this.clientSecretValue);
  }

  /**
   * Test and headless mode: GET the authorization URL and follow its redirects back to the loopback
   * listener. Only redirects within the authorization URL's origin or the authorization server's, or to
   * Loupe's own redirect, are followed: an authorization server must not make Loupe fetch other hosts.
   */
  private async followWithoutBrowser(url: string, redirect: LoopbackRedirect): Promise<void> {
    const fetchFn = this.flowFetch ?? networkFetch;
    const callback = new URL(this.redirectUrl ?? `http://127.0.0.1:${this.port}${CALLBACK_PATH}`);
    const isCallback = (candidate: URL) => candidate.origin === callback.origin && candidate.pathname === CALLBACK_PATH;
    const allowed = new Set([new URL(url).origin, ...(this.savedAuthorizationServerUrl ? [new URL(this.savedAuthorizationServerUrl).origin] : [])]);
    let target = url;
    try {
      for (let hop = 0; hop < MAX_HOPS; hop++) {
        const response = await fetchFn(target, { redirect: 'manual' });
        const location = response.headers.get('location');
        await response.body?.cancel().catch(() => {});
        if (isCallback(new URL(target))) return;
        if (response.status < 300 || response.status >= 400 || !location) {
          throw new Error(`The authorization URL answered ${response.status} ${response.statusText} without redirecting back to Loupe.`);
        }
        const next = new URL(location, target);
        if (!isCallback(next) && !allowed.has(next.origin)) {
          throw new Error(
            `The authorization URL redirected to ${next.origin}, which is neither the authorization server (${[...allowed].join(', ')}) nor Loupe's redirect; without a browser, Loupe does not follow it.`,
          );
        }
        target = next.toString();
      }
      throw new Error(`The authorization URL redirected more than ${MAX_HOPS} times.`);
    } catch (error) {
      redirect.fail(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private settleWaitingAuthorize(): void {
    const waiting = this.steps.findLast((step) => step.kind === 'authorize' && step.status === 'waiting');
    if (waiting) waiting.status = 'ok';
  }

  private addStep(step: { kind: AuthStepKind; status: AuthStep['status']; summary: string; url?: string }): void {
    this.steps.push({
      kind: step.kind,
      title: AUTH_STEP_TITLES[step.kind],
      status: step.status,
      time: Date.now(),
      summary: step.summary,
      ...(step.url ? { http: { method: 'GET', url: redactUrl(step.url), requestHeaders: {}, durationMs: 0, purpose: 'oauth' as const } } : {}),
    });
    this.trimAndEmit();
  }

  private trimAndEmit(): void {
    if (this.steps.length > MAX_STEPS) this.steps = this.steps.slice(-MAX_STEPS);
    this.emit();
  }

  private setState(state: AuthState): void {
    this.flowState = state;
    this.emit();
  }

  private emit(): void {
    this.deps.onChange(this.status());
  }

  private async persist(): Promise<void> {
    await this.deps.tokens.write(this.serverId, this.record);
  }
}
