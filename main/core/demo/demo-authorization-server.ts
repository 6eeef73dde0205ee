import { createHash, randomBytes } from 'node:crypto';

/** How long the demo's access tokens last: short, so a refresh or a new sign-in is soon seen. */
export const DEMO_TOKEN_LIFETIME_S = 300;
const CODE_LIFETIME_MS = 60_000;
/** The one scope the demo knows. */
export const DEMO_SCOPE = 'mcp';

/** An answer of the authorization server: a status, headers and a body (JSON or plain text). */
export interface DemoAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What a valid access token stands for. */
export interface DemoGrant {
  clientId: string;
  scopes: string[];
  expiresAt: number;
}

interface Client {
  name: string;
  redirectUris: string[];
}

interface Code {
  clientId: string;
  redirectUri: string;
  challenge: string;
  scope: string;
  expiresAt: number;
}

const secret = () => randomBytes(24).toString('base64url');
const json = (status: number, value: unknown): DemoAnswer => ({
  status,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  body: JSON.stringify(value),
});
const oauthError = (status: number, error: string, description: string) => json(status, { error, error_description: description });
const text = (status: number, sentence: string): DemoAnswer => ({ status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body: `${sentence}\n` });

/**
 * The sign-in demo's own authorization server, all in memory: RFC 8414 metadata, dynamic client
 * registration (RFC 7591, public clients), an /authorize that approves at once for a client whose
 * redirect URI it registered and that sent a PKCE S256 challenge, a token endpoint (codes good
 * once for a minute, access tokens for five minutes, refresh tokens rotated) and token revocation
 * (RFC 7009).
 */
export class DemoAuthorizationServer {
  private readonly clients = new Map<string, Client>();
  private readonly codes = new Map<string, Code>();
  private readonly accessTokens = new Map<string, DemoGrant>();
  private readonly refreshTokens = new Map<string, { clientId: string; scope: string }>();

  constructor(
    /** The issuer, `http://127.0.0.1:<port>/`. */
    private readonly issuer: string,
    /** The MCP endpoint: the one resource tokens are for (RFC 8707). */
    private readonly resource: string,
  ) {}

  metadata(): Record<string, unknown> {
    return {
      issuer: this.issuer,
      authorization_endpoint: new URL('authorize', this.issuer).href,
      token_endpoint: new URL('token', this.issuer).href,
      registration_endpoint: new URL('register', this.issuer).href,
      revocation_endpoint: new URL('revoke', this.issuer).href,
      revocation_endpoint_auth_methods_supported: ['none'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      scopes_supported: [DEMO_SCOPE],
      authorization_response_iss_parameter_supported: true,
    };
  }

  /** The grant an access token stands for, or undefined when it is unknown or expired. */
  verify(accessToken: string): DemoGrant | undefined {
    const grant = this.accessTokens.get(accessToken);
    if (!grant) return undefined;
    if (grant.expiresAt * 1000 <= Date.now()) {
      this.accessTokens.delete(accessToken);
      return undefined;
    }
    return grant;
  }

  register(body: string): DemoAnswer {
    let meta: { redirect_uris?: unknown; client_name?: unknown };
    try {
      meta = JSON.parse(body) as typeof meta;
    } catch {
      return oauthError(400, 'invalid_client_metadata', 'The registration request is not JSON.');
    }
    const uris = meta.redirect_uris;
    if (!Array.isArray(uris) || uris.length === 0 || !uris.every((uri) => typeof uri === 'string' && URL.canParse(uri))) {
      return oauthError(400, 'invalid_redirect_uri', 'redirect_uris must be a list of URLs.');
    }
    const clientId = `demo-client-${secret().slice(0, 10)}`;
    const name = typeof meta.client_name === 'string' ? meta.client_name : 'an MCP client';
    this.clients.set(clientId, { name, redirectUris: uris as string[] });
    return json(201, {
      client_id: clientId,
      client_id_issued_at: Math.floor(Date.now() / 1000),
      client_name: name,
      redirect_uris: uris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
  }

  /** Approves at once (there is no one to sign in): a redirect back with a code, or a refusal. */
  authorize(query: URLSearchParams): DemoAnswer {
    const client = this.clients.get(query.get('client_id') ?? '');
    const redirectUri = query.get('redirect_uri') ?? '';
    // Without a known client and its own redirect URI, nothing is sent anywhere (RFC 6749 §4.1.2.1).
    if (!client) return text(400, 'The sign-in demo does not know this client_id: register the client first.');
    if (!client.redirectUris.includes(redirectUri)) return text(400, 'The redirect_uri is not one this client registered.');
    const back = new URL(redirectUri);
    const state = query.get('state');
    if (state !== null) back.searchParams.set('state', state);
    back.searchParams.set('iss', this.issuer);
    const refuse = (error: string, description: string) => {
      back.searchParams.set('error', error);
      back.searchParams.set('error_description', description);
      return { status: 302, headers: { location: back.href, 'cache-control': 'no-store' }, body: '' };
    };
    if (query.get('response_type') !== 'code') return refuse('unsupported_response_type', 'Only response_type=code is supported.');
    if (query.get('code_challenge_method') !== 'S256' || !query.get('code_challenge')) return refuse('invalid_request', 'A PKCE code_challenge with method S256 is required.');
    const resource = query.get('resource');
    if (resource !== null && resource !== this.resource) return refuse('invalid_target', `This server grants tokens for ${this.resource} only.`);
    const scope = query.get('scope') ?? DEMO_SCOPE;
    if (!scope.split(' ').includes(DEMO_SCOPE)) return refuse('invalid_scope', `The scope must include "${DEMO_SCOPE}".`);
    const code = secret();
    this.codes.set(code, { clientId: query.get('client_id')!, redirectUri, challenge: query.get('code_challenge')!, scope: DEMO_SCOPE, expiresAt: Date.now() + CODE_LIFETIME_MS });
    back.searchParams.set('code', code);
    return { status: 302, headers: { location: back.href, 'cache-control': 'no-store' }, body: '' };
  }

  token(body: string): DemoAnswer {
    const form = new URLSearchParams(body);
    const grant = form.get('grant_type');
    const resource = form.get('resource');
    if (resource !== null && resource !== this.resource) return oauthError(400, 'invalid_target', `This server grants tokens for ${this.resource} only.`);
    if (grant === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      if (!code || code.expiresAt <= Date.now()) return oauthError(400, 'invalid_grant', 'The code is unknown, used already or expired.');
      if (code.clientId !== form.get('client_id') || code.redirectUri !== form.get('redirect_uri')) return oauthError(400, 'invalid_grant', 'The code was issued to another client or redirect_uri.');
      const challenge = createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url');
      if (challenge !== code.challenge) return oauthError(400, 'invalid_grant', 'The code_verifier does not match the PKCE code_challenge.');
      return json(200, this.issue(code.clientId, code.scope));
    }
    if (grant === 'refresh_token') {
      const refresh = this.refreshTokens.get(form.get('refresh_token') ?? '');
      if (!refresh || refresh.clientId !== form.get('client_id')) return oauthError(400, 'invalid_grant', 'The refresh token is unknown or belongs to another client.');
      this.refreshTokens.delete(form.get('refresh_token') ?? '');
      return json(200, this.issue(refresh.clientId, refresh.scope));
    }
    return oauthError(400, 'unsupported_grant_type', 'The sign-in demo supports authorization_code and refresh_token.');
  }

  /** RFC 7009: the token goes if the client it was issued to asks; the answer is 200 either way (§2.2). */
  revoke(body: string): DemoAnswer {
    const form = new URLSearchParams(body);
    const token = form.get('token') ?? '';
    const clientId = form.get('client_id');
    if (!token) return oauthError(400, 'invalid_request', 'The token to revoke is missing.');
    if (this.accessTokens.get(token)?.clientId === clientId) this.accessTokens.delete(token);
    if (this.refreshTokens.get(token)?.clientId === clientId) this.refreshTokens.delete(token);
    return { status: 200, headers: { 'cache-control': 'no-store' }, body: '' };
  }

  private issue(clientId: string, scope: string) {
    const access = secret();
    const refresh = secret();
    this.accessTokens.set(access, { clientId, scopes: scope.split(' '), expiresAt: Math.floor(Date.now() / 1000) + DEMO_TOKEN_LIFETIME_S });
    this.refreshTokens.set(refresh, { clientId, scope });
    return { access_token: access, token_type: 'Bearer', expires_in: DEMO_TOKEN_LIFETIME_S, refresh_token: refresh, scope };
  }
}
