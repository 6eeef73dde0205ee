import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SECRETS_FILE } from '../../main/core/secrets/open-secret-store.js';
import { exportedText, startCore, type TestCore } from './helpers.js';
import { addOAuthServer, startFixture, type OAuthFixture, type OAuthFixtureOptions } from './oauth-fixture.js';

/** The sign-in (the live flow, the SDK's `auth()`): Clear tokens revokes them (RFC 7009); DPoP where the server asks. */
describe('the sign-in: revocation on Clear tokens, and DPoP', () => {
  let test: TestCore;
  let oauth: OAuthFixture;
  const signIn = async (options: OAuthFixtureOptions) => {
    oauth = await startFixture(options);
    const server = await addOAuthServer(test, oauth.url);
    const state = await test.core.handlers['auth.start']({ serverId: server.id });
    expect(state.failure?.message).toBeUndefined();
    expect(state.status).toBe('connected');
    return server;
  };
  beforeEach(async () => {
    test = await startCore();
  });
  afterEach(async () => {
    await test.core.dispose();
    await oauth?.close();
  });

  it('Clear tokens revokes the refresh and the access token, recorded and redacted; the old token no longer works', async () => {
    const server = await signIn({ revocation: true });
    const issued = [...oauth.seen.issued];
    const cleared = await test.core.handlers['auth.clear']({ serverId: server.id });
    expect(cleared.tokens).toBeUndefined();
    expect(oauth.seen.revocations).toEqual([
      { hint: 'refresh_token', known: true, clientId: expect.stringMatching(/^client-/) as unknown },
      { hint: 'access_token', known: true, clientId: expect.stringMatching(/^client-/) as unknown },
    ]);
    expect(cleared.steps.map((step) => [step.kind, step.status, step.summary])).toEqual([
      ['revocation', 'ok', 'The authorization server revoked the refresh token.'],
      ['revocation', 'ok', 'The authorization server revoked the access token.'],
    ]);
    const revoke = (await test.traffic(server.id)).filter((entry) => entry.kind === 'http' && entry.http?.url.endsWith('/revoke'));
    expect(revoke).toHaveLength(2);
    expect(revoke[0]?.http?.requestBody).toContain('token=%5Bredacted%5D');
    expect(cleared.steps[0]?.trafficSeq).toBe(revoke[0]?.seq);
    const exported = await exportedText(test.core);
    for (const token of issued) expect(exported).not.toContain(token);
    // The revoked access token is refused by the server: the next connect needs a sign-in.
    await test.core.handlers['connections.disconnect']({ serverId: server.id });
    expect((await test.core.handlers['connections.connect']({ serverId: server.id })).failure?.code).toBe('auth-required');
  });

  it('says so in one sentence when the server offers no revocation, or refuses to revoke access tokens', async () => {
    const plain = await signIn({});
    const none = await test.core.handlers['auth.clear']({ serverId: plain.id });
    expect(none.steps).toEqual([expect.objectContaining({ kind: 'revocation', status: 'missed', summary: expect.stringContaining('offers no revocation endpoint') as unknown })]);
    expect(oauth.seen.revocations).toEqual([]);
    await oauth.close();

    const refusing = await signIn({ revocation: 'refuse-access' });
    const partly = await test.core.handlers['auth.clear']({ serverId: refusing.id });
    expect(partly.steps.map((step) => step.status)).toEqual(['ok', 'failed']);
    expect(partly.steps[1]?.summary).toBe('The authorization server does not revoke access tokens (unsupported_token_type): it stays valid until it expires.');
  });

  it('signs in with DPoP where the server asks for it: the fixture validates every proof, the token is DPoP-bound, and the key outlives a reconnect', async () => {
    const server = await signIn({ dpop: true });
    const status = await test.core.handlers['auth.status']({ serverId: server.id });
    expect(status.tokens?.tokenType).toBe('DPoP');
    const outcome = await test.core.handlers['tools.call']({ serverId: server.id, name: 'whoami', arguments: {}, callId: 'dpop-1' });
    expect(JSON.stringify(outcome.result)).toContain('with scopes mcp');
    expect(oauth.seen.dpop.proofs.filter((proof) => proof.at === 'token')).toHaveLength(1);
    const atResource = oauth.seen.dpop.proofs.filter((proof) => proof.at === 'resource');
    expect(atResource.length).toBeGreaterThanOrEqual(2);
    for (const proof of atResource) expect(proof.ath).toEqual(expect.any(String));
    expect(oauth.seen.dpop.refused.every((refusal) => refusal.reason === 'use_dpop_nonce')).toBe(true);
    const http = (await test.traffic(server.id)).filter((entry) => entry.kind === 'http' && entry.http?.purpose === 'mcp' && entry.http.status === 200);
    expect(http.some((entry) => entry.http?.requestHeaders.authorization === 'DPoP [redacted]' && entry.http.requestHeaders.dpop === '[redacted]')).toBe(true);
    // The key is stored with the tokens: after a reconnect with the access token expired, the bound refresh token still works.
    const record = JSON.parse(JSON.parse(readFileSync(join(test.dataDir, SECRETS_FILE), 'utf8') as string)[`oauth/${server.id}`] as string) as { dpopKey?: { alg: string } };
    expect(record.dpopKey?.alg).toBe('ES256');
    await test.core.handlers['connections.disconnect']({ serverId: server.id });
    oauth.expireAccessTokens();
    expect((await test.core.handlers['connections.connect']({ serverId: server.id })).status).toBe('connected');
    expect(oauth.seen.tokenGrants.map((grant) => grant.grant)).toEqual(['authorization_code', 'refresh_token']);
    expect(oauth.seen.dpop.proofs.filter((proof) => proof.at === 'token')).toHaveLength(2);
  });
});
