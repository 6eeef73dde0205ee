import { discoverOAuthServerInfo, type AddClientAuthentication, type FetchLike, type OAuthDiscoveryState, type StoredOAuthClientInformation, type StoredOAuthTokens } from '@modelcontextprotocol/client';
import { AUTH_STEP_TITLES, type AuthStep, type HttpExchange } from '../../../shared/auth.js';
import { readBounded } from '../transports/bounded-body.js';
import { judgeRevocation, NO_REVOCATION_ENDPOINT, revocationRequests } from './token-revocation.js';

/** How long Clear tokens waits for the authorization server, per request (discovery included). */
export const REVOCATION_TIMEOUT_MS = 10_000;
/** The most of a revocation answer read (it is empty, or a short OAuth error). */
const MAX_ANSWER_BYTES = 16 * 1024;

export interface RevokeOnClear {
  serverUrl: string;
  tokens: StoredOAuthTokens;
  client?: StoredOAuthClientInformation | undefined;
  discovery?: OAuthDiscoveryState | undefined;
  privateKeyJwt?: AddClientAuthentication | undefined;
  /** A fetch that records each exchange (the traffic log) and hands it to `onExchange` with its entry's seq. */
  fetchFor: (onExchange: (exchange: HttpExchange, trafficSeq: number) => void) => FetchLike;
}

function step(status: AuthStep['status'], summary: string, exchange?: { http: HttpExchange; seq: number }): AuthStep {
  return {
    kind: 'revocation',
    title: AUTH_STEP_TITLES.revocation,
    status,
    time: Date.now(),
    summary,
    ...(exchange ? { http: exchange.http, ...(exchange.seq >= 0 ? { trafficSeq: exchange.seq } : {}) } : {}),
  };
}

/**
 * Clear tokens, at the authorization server: revokes the refresh token, then the access token
 * (RFC 7009), where the server offers a `revocation_endpoint`. Returns the steps the Auth view
 * shows, one sentence each; never throws (the tokens are forgotten here whatever it says).
 */
export async function revokeOnClear(input: RevokeOnClear): Promise<AuthStep[]> {
  let last: { http: HttpExchange; seq: number } | undefined;
  const fetch = input.fetchFor((http, seq) => (last = { http, seq }));
  const bounded: FetchLike = (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(REVOCATION_TIMEOUT_MS) });
  let metadata = input.discovery?.authorizationServerMetadata as Record<string, unknown> | undefined;
  if (!metadata) {
    try {
      metadata = (await discoverOAuthServerInfo(input.serverUrl, { fetchFn: bounded })).authorizationServerMetadata;
    } catch (error) {
      return [step('failed', `Could not find the authorization server to revoke the tokens: ${error instanceof Error ? error.message : String(error)}. They were forgotten here and stay valid there until they expire.`)];
    }
  }
  const requests = await revocationRequests(input.tokens, {
    metadata,
    ...(input.client ? { client: input.client } : {}),
    ...(input.privateKeyJwt ? { privateKeyJwt: input.privateKeyJwt } : {}),
  }).catch(() => []);
  if (requests.length === 0) return [step('missed', NO_REVOCATION_ENDPOINT)];
  const steps: AuthStep[] = [];
  for (const request of requests) {
    last = undefined;
    let answer: Parameters<typeof judgeRevocation>[1];
    try {
      const response = await bounded(request.url, { method: 'POST', headers: request.headers, body: request.body, redirect: 'manual' });
      answer = { status: response.status, text: (await readBounded(response, MAX_ANSWER_BYTES)).text };
    } catch (error) {
      answer = { error: error instanceof Error ? error.message || error.name : String(error) };
    }
    const result = judgeRevocation(request.tokenTypeHint, answer);
    steps.push(step(result.revoked ? 'ok' : 'failed', result.sentence, last));
  }
  return steps;
}
