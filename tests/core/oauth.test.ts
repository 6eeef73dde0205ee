import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthStatus } from '../../shared/auth.js';
import { SECRETS_FILE as OAUTH_SECRETS_FILE } from '../../main/core/secrets/open-secret-store.js';
// @ts-expect-error a plain .mjs fixture without types
import { IDP, MACHINE_CLIENT, startOAuthFixture } from '../fixtures/oauth-server.mjs';
import { parseTrafficJsonl } from '../../shared/traffic-jsonl.js';
import { recordedOutcomes } from '../../shared/traffic-outcomes.js';
import { allTraffic, eventsNamed, readSession, startCore, startEverythingHttp, waitFor, type TestCore, exportedText } from './helpers.js';
import { addOAuthServer, startElsewhere, type OAuthFixture as Fixture } from './oauth-fixture.js';

describe('OAuth sign-in against the fixture authorization server', () => {
  let test: TestCore;
  let fixture: Fixture;
  beforeEach(async () => {
    test = await startCore();
    fixture = (await startOAuthFixture()) as Fixture;
  });
  afterEach(async () => {
    await test.core.dispose();
    await fixture.close();
  });

  it('a plain connect says the server needs a sign-in, with the challenge and discovery shown', async () => {
    const server = await addOAuthServer(test, fixture.url);
    const state = await test.core.handlers['connections.connect']({ serverId: server.id });
    expect(state.status).toBe('failed');
    expect(state.failure?.code).toBe('auth-required');
    expect(state.failure?.message).toMatch(/sign in/i);
    const status = await test.core.handlers['auth.status']({ serverId: server.id });
    const kinds = status.steps.map((step) => step.kind);
    expect(kinds[0]).toBe('challenge');
    expect(kinds).toContain('resource-metadata');
    expect(kinds).toContain('authorization-server-metadata');
    expect(status.authorizationUrl).toMatch(/code_challenge_method=S256/);
    expect(fixture.seen.authorizations).toHaveLength(0);
  });

  it('signs in: discovery, registration, PKCE authorize, token with the resource indicator; then calls a tool', async () => {
    const server = await addOAuthServer(test, fixture.url);
    const state = await test.core.handlers['auth.start']({ serverId: server.id });
    expect(state.failure?.message).toBeUndefined();
    expect(state.status).toBe('connected');

    expect(fixture.seen.registrations).toBe(1);
    const authorize = fixture.seen.authorizations[0];
    expect(authorize?.code_challenge_method).toBe('S256');
    expect(authorize?.resource).toBe(fixture.url);
    expect(authorize?.scope).toBe('mcp');
    expect(authorize?.redirect_uri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(fixture.seen.tokenGrants).toEqual([{ grant: 'authorization_code', resource: fixture.url, scope: null }]);

    const status = await test.core.handlers['auth.status']({ serverId: server.id });
    expect(status.state).toBe('signed-in');
    const kinds = status.steps.map((step) => step.kind);
    for (const kind of ['challenge', 'resource-metadata', 'authorization-server-metadata', 'registration', 'authorize', 'callback', 'token'] as const) {
      expect(kinds).toContain(kind);
    }
    expect(status.tokens?.scope).toBe('mcp');
    expect(status.tokens?.hasRefreshToken).toBe(true);
    expect(status.tokens?.accessTokenMasked).toContain('…');
    expect(status.client?.source).toBe('dynamic-registration');

    const outcome = await test.core.handlers['tools.call']({ serverId: server.id, name: 'whoami', arguments: {}, callId: 'whoami-1' });
    expect(JSON.stringify(outcome.result)).toContain('with scopes mcp');

    // The token request and its response are shown, secrets redacted.
    const token = status.steps.find((step) => step.kind === 'token');
    expect(token?.http?.requestBody).toMatch(/code=%5Bredacted%5D/);
    expect(token?.http?.requestBody).toMatch(/code_verifier=%5Bredacted%5D/);
    expect(token?.http?.responseBody).toContain('"access_token": "[redacted]"');
    expect(token?.trafficSeq).toBeGreaterThanOrEqual(0);

    // Every HTTP exchange is in the traffic log, credentials redacted; no token anywhere on disk but the secrets file.
    const http = (await test.traffic(server.id)).filter((entry) => entry.kind === 'http');
    expect(http.some((entry) => entry.http?.purpose === 'oauth' && entry.http.url.endsWith('/token'))).toBe(true);
    const mcpPost = http.find((entry) => entry.http?.purpose === 'mcp' && entry.http.status === 200 && entry.http.method === 'POST');
    expect(mcpPost?.http?.requestHeaders.authorization).toBe('Bearer [redacted]');
    const secrets = JSON.parse(readFileSync(join(test.dataDir, OAUTH_SECRETS_FILE), 'utf8')) as Record<string, string>;
    const accessToken = (JSON.parse(secrets[`oauth/${server.id}`] ?? '{}') as { tokens?: { access_token?: string } }).tokens?.access_token ?? '';
    expect(accessToken.length).toBeGreaterThan(10);
    expect(readFileSync(join(test.dataDir, 'servers.json'), 'utf8')).not.toContain(accessToken);
    expect(await exportedText(test.core)).not.toContain(accessToken);
    expect(JSON.stringify(eventsNamed(test, 'auth.changed'))).not.toContain(accessToken);

    // Removing the server forgets its tokens too.
    await test.core.handlers['servers.remove']({ id: server.id });
    expect(readFileSync(join(test.dataDir, OAUTH_SECRETS_FILE), 'utf8')).not.toContain(accessToken);
  });

  it('Sign in on a server that sends its own Authorization header says why it cannot', async () => {
    const server = await test.core.handlers['servers.add']({
      name: 'manual header',
      transport: { type: 'streamable-http', url: fixture.url, headers: [{ key: 'Authorization', value: 'Bearer manual' }] },
    });
    await expect(test.core.handlers['auth.start']({ serverId: server.id })).rejects.toThrow('remove that header to sign in with OAuth');
  });

  it('a server that never asks for a sign-in leaves nothing in the secrets file', async () => {
    const [plain, server] = await Promise.all([startCore(), startEverythingHttp('streamableHttp')]);
    try {
      const added = await plain.add('plain http', { type: 'streamable-http', url: `http://127.0.0.1:${server.port}/mcp`, headers: [] });
      expect((await plain.core.handlers['connections.connect']({ serverId: added.id })).status).toBe('connected');
      expect((await plain.core.handlers['auth.status']({ serverId: added.id })).state).toBe('none');
      // Sign in on a server that wants none just connects, and says no sign-in happened.
      expect((await plain.core.handlers['auth.start']({ serverId: added.id })).status).toBe('connected');
      expect((await plain.core.handlers['auth.status']({ serverId: added.id })).state).toBe('none');
      expect(existsSync(join(plain.dataDir, OAUTH_SECRETS_FILE))).toBe(false);
    } finally {
      await plain.core.dispose();
      server.stop();
    }
  });

  it('refreshes an expired access token with the refresh token, and shows the refresh step', async () => {
    const server = await addOAuthServer(test, fixture.url);
    expect((await test.core.handlers['auth.start']({ serverId: server.id })).status).toBe('connected');
    await test.core.handlers['connections.disconnect']({ serverId: server.id });
    fixture.expireAccessTokens();
    const state = await test.core.handlers['connections.connect']({ serverId: server.id });
    expect(state.status).toBe('connected');
    expect(fixture.seen.tokenGrants.map((grant) => grant.grant)).toEqual(['authorization_code', 'refresh_token']);
    expect(fixture.seen.authorizations).toHaveLength(1);
    const status = await test.core.handlers['auth.status']({ serverId: server.id });
    expect(status.steps.some((step) => step.kind === 'refresh' && step.status === 'ok')).toBe(true);
  });

  it('steps up on 403 insufficient_scope: authorizes again with the wider scope and retries the call', async () => {
    const server = await addOAuthServer(test, fixture.url);
    expect((await test.core.handlers['auth.start']({ serverId: server.id })).status).toBe('connected');
    const outcome = await test.core.handlers['tools.call']({ serverId: server.id, name: 'admin-echo', arguments: { text: 'hi' }, callId: 'admin-1' });
    expect(outcome.failure).toBeUndefined();
    expect(JSON.stringify(outcome.result)).toContain('admin: hi');
    expect(fixture.seen.authorizations).toHaveLength(2);
    expect(fixture.seen.authorizations[1]?.scope?.split(' ').sort()).toEqual(['admin', 'mcp']);
    const status = await test.core.handlers['auth.status']({ serverId: server.id });
    expect(status.steps.some((step) => step.kind === 'step-up')).toBe(true);
    expect(status.tokens?.scope?.split(' ').sort()).toEqual(['admin', 'mcp']);
  });

  it('the request the 403 refused ends in the live log, with the reason, exactly as it ends on disk', async () => {
    const server = await addOAuthServer(test, fixture.url);
    expect((await test.core.handlers['auth.start']({ serverId: server.id })).status).toBe('connected');
    const outcome = await test.core.handlers['tools.call']({ serverId: server.id, name: 'admin-echo', arguments: { text: 'hi' }, callId: 'admin-2' });
    expect(outcome.failure).toBeUndefined();
    const live = await allTraffic(test.core);
    const calls = live.filter((entry) => entry.kind === 'request' && entry.method === 'tools/call');
    expect(calls.map((entry) => entry.outcome)).toEqual(['failed', 'ok']);
    const refused = calls[0]!;
    expect(refused.ending?.reason).toMatch(/^No answer to #\d+ will come: sending it failed/);
    // The note that ended it is in the log too, naming the request.
    const note = live.find((entry) => entry.seq === refused.ending?.seq);
    expect(note).toMatchObject({ kind: 'note', requestSeq: refused.seq, ends: 'failed', id: refused.id });
    // The window hears it by event, after the entries it names (events go out in batches).
    const heard = await waitFor(
      () => eventsNamed(test, 'traffic.outcomes').flat().find((update) => update.seq === refused.seq),
      'the outcome event of the refused request',
    );
    expect(heard).toMatchObject({ outcome: 'failed', endSeq: note!.seq });
    // On disk the same record ends the same way, read with the same model.
    const current = (await test.core.handlers['traffic.sessions.list']()).find((session) => session.current)!;
    const saved = parseTrafficJsonl((await readSession(test.core, current.id)).text).entries;
    expect(saved.filter((entry) => entry.kind === 'request').every((entry) => entry.outcome === undefined)).toBe(true);
    const onDisk = new Map(recordedOutcomes(saved).map((update) => [update.seq, update.outcome]));
    // What is still open live (the change stream) reads as unanswered in a record read back as ended.
    for (const request of live.filter((entry) => entry.kind === 'request')) {
      const expected = request.outcome === 'pending' ? 'unanswered' : request.outcome;
      expect([request.seq, request.method, onDisk.get(request.seq)]).toEqual([request.seq, request.method, expected]);
    }
  });

  it('Sign in again asks the authorization server afresh, with the registered client', async () => {
    const server = await addOAuthServer(test, fixture.url);
    expect((await test.core.handlers['auth.start']({ serverId: server.id })).status).toBe('connected');
    expect((await test.core.handlers['auth.start']({ serverId: server.id })).status).toBe('connected');
    expect(fixture.seen.authorizations).toHaveLength(2);
    expect(fixture.seen.registrations).toBe(1);
    expect((await test.core.handlers['auth.status']({ serverId: server.id })).state).toBe('signed-in');
  });

  it('a failed token request names the step and the reason', async () => {
    await fixture.close();
    fixture = (await startOAuthFixture({ failTokenWith: 'invalid_grant' })) as Fixture;
    const server = await addOAuthServer(test, fixture.url);
    const state = await test.core.handlers['auth.start']({ serverId: server.id });
    expect(state.status).toBe('failed');
    expect(state.failure?.code).toBe('auth-failed');
    expect(state.failure?.message).toMatch(/Token request/);
    expect(state.failure?.message).toMatch(/invalid_grant/);
    const status: AuthStatus = await test.core.handlers['auth.status']({ serverId: server.id });
    expect(status.state).toBe('failed');
    expect(status.failure?.step).toBe('token');
  });

  it('client credentials: a pre-registered client with its secret gets a token without a browser', async () => {
    const server = await addOAuthServer(test, fixture.url, { auth: { clientId: MACHINE_CLIENT.id, grant: 'client_credentials' } });
    await test.core.handlers['auth.setClientSecret']({ serverId: server.id, secret: MACHINE_CLIENT.secret });
    const state = await test.core.handlers['connections.connect']({ serverId: server.id });
    expect(state.failure?.message).toBeUndefined();
    expect(state.status).toBe('connected');
    expect(fixture.seen.tokenGrants).toEqual([{ grant: 'client_credentials', resource: fixture.url, scope: 'mcp', clientAuth: 'basic' }]);
    expect(fixture.seen.authorizations).toHaveLength(0);
    const status = await test.core.handlers['auth.status']({ serverId: server.id });
    expect(status.client).toEqual({ clientId: MACHINE_CLIENT.id, source: 'pre-registered', hasSecret: true });
    const token = status.steps.find((step) => step.kind === 'token');
    expect(token?.http?.requestHeaders.authorization).toBe('Basic [redacted]');
    expect(JSON.stringify(status)).not.toContain(MACHINE_CLIENT.secret);
    expect(readFileSync(join(test.dataDir, 'servers.json'), 'utf8')).not.toContain(MACHINE_CLIENT.secret);
  });

  it('signs in over the legacy HTTP+SSE transport too', async () => {
    const server = await addOAuthServer(test, fixture.sseUrl, { transport: { type: 'sse', url: fixture.sseUrl, headers: [] } });
    const state = await test.core.handlers['auth.start']({ serverId: server.id });
    expect(state.failure?.message).toBeUndefined();
    expect(state.status).toBe('connected');
    expect(fixture.seen.tokenGrants.map((grant) => grant.grant)).toEqual(['authorization_code']);
    const outcome = await test.core.handlers['tools.call']({ serverId: server.id, name: 'whoami', arguments: {}, callId: 'sse-1' });
    expect(JSON.stringify(outcome.result)).toContain('sse client with scopes mcp');
    const http = (await test.traffic(server.id)).filter((entry) => entry.kind === 'http' && entry.http?.purpose === 'mcp');
    expect(http.some((entry) => entry.http?.method === 'GET' && entry.http.status === 401)).toBe(true);
    expect(http.some((entry) => entry.http?.method === 'POST' && entry.http.sessionId && entry.http.requestHeaders.authorization === 'Bearer [redacted]')).toBe(true);
  });

  it('cross-app access: the identity provider’s ID-JAG becomes a token through the JWT bearer grant', async () => {
    const server = await addOAuthServer(test, fixture.url, {
      auth: { clientId: MACHINE_CLIENT.id, grant: 'cross-app-access', idpTokenEndpoint: fixture.idpTokenEndpoint, idpClientId: IDP.clientId },
    });
    await test.core.handlers['auth.setSecret']({ serverId: server.id, name: 'client-secret', secret: MACHINE_CLIENT.secret });
    await test.core.handlers['auth.setSecret']({ serverId: server.id, name: 'idp-id-token', secret: IDP.idToken });
    const state = await test.core.handlers['connections.connect']({ serverId: server.id });
    expect(state.failure?.message).toBeUndefined();
    expect(state.status).toBe('connected');
    expect(fixture.seen.idpExchanges).toEqual([{ audience: expect.stringContaining('127.0.0.1') as unknown, resource: fixture.url, requested: 'urn:ietf:params:oauth:token-type:id-jag' }]);
    expect(fixture.seen.tokenGrants.map((grant) => grant.grant)).toEqual(['urn:ietf:params:oauth:grant-type:jwt-bearer']);
    const status = await test.core.handlers['auth.status']({ serverId: server.id });
    expect(status.storedSecrets).toEqual(['client-secret', 'idp-id-token']);
    expect(JSON.stringify(status)).not.toContain(IDP.idToken);
    const exchange = status.steps.find((step) => step.http?.url.endsWith('/idp/token'));
    expect(exchange?.http?.requestBody).toContain('subject_token=%5Bredacted%5D');
    expect(await exportedText(test.core)).not.toContain(IDP.idToken);
  });

  it('Clear tokens forgets them: the next connect needs a sign-in again', async () => {
    const server = await addOAuthServer(test, fixture.url);
    expect((await test.core.handlers['auth.start']({ serverId: server.id })).status).toBe('connected');
    await test.core.handlers['connections.disconnect']({ serverId: server.id });
    const cleared = await test.core.handlers['auth.clear']({ serverId: server.id });
    expect(cleared.tokens).toBeUndefined();
    expect(cleared.state).toBe('none');
    const state = await test.core.handlers['connections.connect']({ serverId: server.id });
    expect(state.failure?.code).toBe('auth-required');
  });

  it('Clear tokens on a connected server ends the connection with how to sign in again, not a dead Connected card (issue 24)', async () => {
    const server = await addOAuthServer(test, fixture.url);
    expect((await test.core.handlers['auth.start']({ serverId: server.id })).status).toBe('connected');
    await test.core.handlers['auth.clear']({ serverId: server.id });
    const after = (await test.core.handlers['connections.list']()).find((item) => item.serverId === server.id)!;
    expect(after.status).toBe('disconnected');
    expect(after.failure).toEqual({ code: 'auth-required', message: 'The tokens were cleared, so Loupe disconnected: use Sign in to connect again.' });
  });
});

describe.each([
  ['Streamable HTTP', 'streamableHttp', 'streamable-http', '/mcp'],
  ['SSE', 'sse', 'sse', '/sse'],
] as const)('HTTP-level recording over %s', (_label, mode, type, path) => {
  it('records every HTTP exchange with its status, headers (credentials redacted) and session id', async () => {
    const [test, server] = await Promise.all([startCore(), startEverythingHttp(mode)]);
    try {
      const added = await test.add(`everything ${type}`, {
        type,
        url: `http://127.0.0.1:${server.port}${path}`,
        headers: [
          { key: 'Authorization', value: 'Bearer manual-secret-token' },
          { key: 'X-Team', value: 'loupe' },
        ],
      });
      expect((await test.core.handlers['connections.connect']({ serverId: added.id })).status).toBe('connected');
      await test.core.handlers['tools.list']({ serverId: added.id });
      const http = (await test.traffic(added.id)).filter((entry) => entry.kind === 'http');
      expect(http.length).toBeGreaterThanOrEqual(2);
      for (const entry of http) {
        expect(entry.http?.purpose).toBe('mcp');
        expect(entry.http?.status).toBeGreaterThanOrEqual(200);
        expect(entry.http?.requestHeaders.authorization).toBe('Bearer [redacted]');
        expect(entry.http?.requestHeaders['x-team']).toBe('loupe');
      }
      expect(http.some((entry) => entry.http?.method === 'POST' && entry.http.sessionId)).toBe(true);
      expect(http.some((entry) => entry.http?.responseHeaders?.['content-type'])).toBe(true);
      expect(await exportedText(test.core)).not.toContain('manual-secret-token');
    } finally {
      await test.core.dispose();
      server.stop();
    }
  });
});

describe('Medium 3: a hostile authorization server cannot bloat the secret store', () => {
  let test: TestCore;
  let fixture: Fixture | undefined;
  beforeEach(async () => {
    test = await startCore();
  });
  afterEach(async () => {
    await test.core.dispose();
    await fixture?.close();
  });

  /** secrets.json's size, 0 when there is none. */
  const secretsFileBytes = () => (existsSync(join(test.dataDir, OAUTH_SECRETS_FILE)) ? readFileSync(join(test.dataDir, OAUTH_SECRETS_FILE)).length : 0);

  it('an access_token of 100,000 characters is refused with a sentence, and none of it is stored', async () => {
    fixture = (await startOAuthFixture({ accessTokenChars: 100_000 })) as Fixture;
    const server = await addOAuthServer(test, fixture.url);
    const state = await test.core.handlers['auth.start']({ serverId: server.id });
    expect(state.status).toBe('failed');
    expect(state.failure?.message).toContain("The authorization server's access_token is 100,000 characters long; Loupe keeps tokens of up to 65,536, so it was not saved.");
    expect((await test.core.handlers['auth.status']({ serverId: server.id })).tokens).toBeUndefined();
    expect(secretsFileBytes()).toBeLessThan(20_000);
  });

  it('a token answer of 2 MB is read up to 1 MB, and the sign-in fails with a sentence', async () => {
    fixture = (await startOAuthFixture({ accessTokenChars: 2_000_000 })) as Fixture;
    const server = await addOAuthServer(test, fixture.url);
    const state = await test.core.handlers['auth.start']({ serverId: server.id });
    expect(state.status).toBe('failed');
    expect(state.failure?.message).toContain(`The answer from ${new URL(fixture.url).origin}/token is larger than 1 MB; Loupe reads no more of it.`);
    expect(secretsFileBytes()).toBeLessThan(20_000);
  });
});

describe('Worth fixing (issue 25): the http-get sign-in follows redirects only to the authorization server and Loupe', () => {
  it('a redirect from /authorize to another origin is not followed, and the sign-in says why', async () => {
    const elsewhere = await startElsewhere();
    const test = await startCore();
    const fixture = (await startOAuthFixture({ authorizeRedirectTo: `${elsewhere.origin}/internal-only` })) as Fixture;
    try {
      const server = await addOAuthServer(test, fixture.url);
      const state = await test.core.handlers['auth.start']({ serverId: server.id });
      expect(state.status).toBe('failed');
      expect(state.failure?.message).toContain(`The authorization URL redirected to ${elsewhere.origin}, which is neither the authorization server (${new URL(fixture.url).origin}) nor Loupe's redirect; without a browser, Loupe does not follow it.`);
      expect(elsewhere.hits).toEqual([]);
    } finally {
      await test.core.dispose();
      await fixture.close();
      elsewhere.close();
    }
  });
});
