/**
 * OAuth 2.1 for HTTP servers, as the MCP authorization spec describes it. The core runs the
 * flow with the SDK's `auth()`; these types are what the UI sees of it. Secrets (tokens, client
 * secrets, codes, verifiers) never appear here in clear: they are masked or redacted.
 */

/** How the authorization URL is followed. */
export type AuthorizeWith =
  /** The system browser (desktop) or a new tab (browser mode); the person signs in there. */
  | 'browser'
  /** An HTTP GET by the core itself, for test and headless servers that approve without a person. */
  | 'http-get';

/**
 * `cross-app-access`: Enterprise-Managed Authorization (SEP-990): an ID token from the company's
 * identity provider is exchanged there for an ID-JAG, which the server's authorization server takes
 * as a JWT bearer grant (RFC 8693, RFC 7523). No browser.
 */
export type AuthGrant = 'authorization_code' | 'client_credentials' | 'cross-app-access';

/** Secrets kept apart from servers.json, per server. */
export type AuthSecretName = 'client-secret' | 'idp-id-token' | 'idp-client-secret';
export const AUTH_SECRET_NAMES: readonly AuthSecretName[] = ['client-secret', 'idp-id-token', 'idp-client-secret'];

/** A server's OAuth settings (in servers.json). The client secret is not here: see `auth.setClientSecret`. */
export interface AuthSettings {
  /** A pre-registered client id; without one Loupe uses the metadata document URL or registers dynamically. */
  clientId?: string;
  /** Space-separated scopes to ask for; by default those of the challenge or the server's `scopes_supported`. */
  scopes?: string;
  /** An https URL of Loupe's Client ID Metadata Document, used as the client id where the server accepts it. */
  clientMetadataUrl?: string;
  /** `client_credentials` for machine-to-machine servers (needs a client id and secret). */
  grant?: AuthGrant;
  /** Cross-app access: the identity provider's token endpoint, and Loupe's client id there. */
  idpTokenEndpoint?: string;
  idpClientId?: string;
  authorizeWith?: AuthorizeWith;
  /** `private_key_jwt`: the stored client secret is a PEM private key that signs a client assertion (RFC 7523). */
  clientAuthentication?: 'private_key_jwt';
  /**
   * Accept authorization server metadata whose `issuer` differs from where it was found (RFC 8414
   * §3.3 says reject). Some 2025-03-26 servers need it. Weakens the mix-up defence: opt in per server.
   */
  allowIssuerMismatch?: boolean;
}

export type AuthStepKind =
  | 'challenge'
  | 'resource-metadata'
  | 'authorization-server-metadata'
  | 'registration'
  | 'authorize'
  | 'callback'
  | 'token'
  | 'refresh'
  | 'step-up'
  | 'revocation';

export const AUTH_STEP_TITLES: Record<AuthStepKind, string> = {
  challenge: 'Challenge (401/403 from the server)',
  'resource-metadata': 'Protected resource metadata (RFC 9728)',
  'authorization-server-metadata': 'Authorization server metadata (RFC 8414 / OpenID)',
  registration: 'Client registration (RFC 7591)',
  authorize: 'Authorization request (PKCE S256)',
  callback: 'Redirect back to Loupe',
  token: 'Token request',
  refresh: 'Token refresh',
  'step-up': 'Step-up authorization (insufficient scope)',
  revocation: 'Token revocation (RFC 7009)',
};

/** One HTTP exchange, credentials redacted. */
export interface HttpExchange {
  method: string;
  /** The URL with credential-bearing query parameters redacted. */
  url: string;
  status?: number;
  statusText?: string;
  requestHeaders: Record<string, string>;
  responseHeaders?: Record<string, string>;
  /** The `Mcp-Session-Id` the request carried or the response assigned. */
  sessionId?: string;
  /** OAuth and model exchanges only (bounded, secrets redacted); MCP bodies are the JSON-RPC entries themselves. */
  requestBody?: string;
  responseBody?: string;
  durationMs: number;
  /** A request that never got a response: why, in one sentence. */
  error?: string;
  /** `oauth` for discovery, registration and token requests; `mcp` for the transport's own; `model` for a model provider's. */
  purpose: 'mcp' | 'oauth' | 'model';
}

export interface AuthStep {
  kind: AuthStepKind;
  title: string;
  /** `missed`: a discovery location that does not exist (the next one is tried). */
  status: 'ok' | 'failed' | 'waiting' | 'missed';
  time: number;
  /** One sentence: what happened. */
  summary: string;
  http?: HttpExchange;
  /** The traffic log entry of the same exchange. */
  trafficSeq?: number;
}

export interface AuthTokensView {
  /** The first and last characters only. */
  accessTokenMasked: string;
  tokenType: string;
  scope?: string;
  /** Epoch milliseconds, when the server gave `expires_in`. */
  expiresAt?: number;
  hasRefreshToken: boolean;
  obtainedAt: number;
}

export interface AuthClientView {
  clientId: string;
  /** How the client id came about. */
  source: 'pre-registered' | 'metadata-document' | 'dynamic-registration';
  hasSecret: boolean;
}

export type AuthState = 'none' | 'signing-in' | 'waiting-for-browser' | 'signed-in' | 'failed';

export interface AuthStatus {
  serverId: string;
  state: AuthState;
  /** The steps of the latest flow (and refreshes since), oldest first. */
  steps: AuthStep[];
  tokens?: AuthTokensView;
  client?: AuthClientView;
  /** A client secret is stored for this server's pre-registered client. */
  hasClientSecret: boolean;
  /** Which secrets are stored for this server (never their values). */
  storedSecrets?: AuthSecretName[];
  /** While waiting for the browser: the page to open, should it not have opened by itself. */
  authorizationUrl?: string;
  failure?: { step: AuthStepKind; message: string };
}

/** The part of a URL's query that is a credential. */
export const SECRET_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'access_token',
  'token',
  'code',
  'code_verifier',
  'client_secret',
  'refresh_token',
  'id_token',
  'api_key',
  'apikey',
  'key',
]);

/** Shows a token as its first 4 and last 4 characters. */
export function maskSecret(value: string): string {
  if (value.length <= 12) return '••••';
  return `${value.slice(0, 4)}…${value.slice(-4)}`;
}
