import type { AddClientAuthentication, AuthorizationServerMetadata } from '@modelcontextprotocol/client';
import { oauthErrorText } from './auth-steps.js';
import { applyClientAuth, clientAuthMethod, type ClientCredentials } from './client-auth.js';

export type TokenTypeHint = 'refresh_token' | 'access_token';

/** One revocation request (RFC 7009 §2.1), with its real token: it never leaves the core as it is. */
export interface RevocationRequest {
  tokenTypeHint: TokenTypeHint;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What came back, as the caller's HTTP saw it. */
export interface RevocationAnswer {
  status?: number;
  text?: string;
  error?: string;
}

export interface RevocationResult {
  tokenTypeHint: TokenTypeHint;
  revoked: boolean;
  /** One sentence: revoked, or why not. */
  sentence: string;
}

export interface RevocationTarget {
  /** The authorization server's metadata (its `revocation_endpoint` and client auth methods), when known. */
  metadata?: Record<string, unknown> | undefined;
  client?: ClientCredentials | undefined;
  /** `private_key_jwt`: signs a client assertion, as at the token endpoint. */
  privateKeyJwt?: AddClientAuthentication | undefined;
}

export const NO_REVOCATION_ENDPOINT =
  'The authorization server offers no revocation endpoint (RFC 7009): Loupe cannot ask it to revoke the tokens, which stay valid there until they expire.';

const TOKEN_NAMES: Record<TokenTypeHint, string> = { refresh_token: 'refresh token', access_token: 'access token' };

/**
 * The requests that revoke a session's tokens: the refresh token first (RFC 7009 §2.1 lets the
 * server revoke the grant's access tokens with it), then the access token; each with the client's
 * authentication. Empty when the server offers no `revocation_endpoint` or there is nothing to revoke.
 */
export async function revocationRequests(tokens: { access_token?: string | undefined; refresh_token?: string | undefined }, target: RevocationTarget): Promise<RevocationRequest[]> {
  const endpoint = target.metadata?.revocation_endpoint;
  if (typeof endpoint !== 'string') return [];
  const requests: RevocationRequest[] = [];
  const pairs: Array<[TokenTypeHint, string | undefined]> = [
    ['refresh_token', tokens.refresh_token],
    ['access_token', tokens.access_token],
  ];
  for (const [tokenTypeHint, token] of pairs) {
    if (!token) continue;
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    const form = new URLSearchParams({ token, token_type_hint: tokenTypeHint });
    if (target.client) {
      const supported = target.metadata?.revocation_endpoint_auth_methods_supported ?? target.metadata?.token_endpoint_auth_methods_supported;
      const method = clientAuthMethod(target.client, supported, target.privateKeyJwt !== undefined);
      await applyClientAuth(method, target.client, headers, form, target.privateKeyJwt ? { sign: target.privateKeyJwt, url: new URL(endpoint), metadata: target.metadata as unknown as AuthorizationServerMetadata } : undefined);
    }
    requests.push({ tokenTypeHint, url: endpoint, headers, body: form.toString() });
  }
  return requests;
}

/** RFC 7009 §2.2: 200 means revoked (or already invalid); anything else, the token may still be valid. */
export function judgeRevocation(tokenTypeHint: TokenTypeHint, answer: RevocationAnswer): RevocationResult {
  const name = TOKEN_NAMES[tokenTypeHint];
  if (answer.error !== undefined) return { tokenTypeHint, revoked: false, sentence: `Could not reach the revocation endpoint for the ${name}: ${answer.error}` };
  if (answer.status === 200) return { tokenTypeHint, revoked: true, sentence: `The authorization server revoked the ${name}.` };
  const reason = oauthErrorText(answer.text);
  if (reason?.startsWith('unsupported_token_type')) {
    return { tokenTypeHint, revoked: false, sentence: `The authorization server does not revoke ${name}s (unsupported_token_type): it stays valid until it expires.` };
  }
  if (answer.status === 503) return { tokenTypeHint, revoked: false, sentence: `The authorization server could not revoke the ${name} now (503): it is still valid; try Clear tokens again later.` };
  return { tokenTypeHint, revoked: false, sentence: `The authorization server refused to revoke the ${name} (${answer.status ?? 'no status'}${reason ? `, ${reason}` : ''}): it may still be valid.` };
}
