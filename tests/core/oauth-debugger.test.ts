import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEBUG_STEP_ORDER, type DebugStep, type DebugStepKind, type OAuthDebugRun, type OAuthSpecVersion } from '../../shared/oauth-debugger.js';
import { eventsNamed, exportedText, fixture, freePort, startCore, waitFor, type TestCore } from './helpers.js';
import { addOAuthServer, startElsewhere, startFixture, type OAuthFixture, type OAuthFixtureOptions } from './oauth-fixture.js';

const ENDED = new Set(['done', 'failed', 'stopped']);

function step(run: OAuthDebugRun, kind: DebugStepKind): DebugStep {
  const found = run.steps.findLast((item) => item.kind === kind);
  if (!found) throw new Error(`The run has no ${kind} step: ${run.steps.map((item) => item.kind).join(', ')}`);
  return found;
}

function checkOf(run: OAuthDebugRun, kind: DebugStepKind, id: string) {
  return step(run, kind).checks.find((item) => item.id === id);
}

async function untilEnded(test: TestCore, runId: string): Promise<OAuthDebugRun> {
  return waitFor(async () => {
    const run = await test.core.handlers['oauthDebug.get']({ runId });
    return ENDED.has(run.status) ? run : undefined;
  }, 'the debug run to end', 30_000);
}

async function runAll(test: TestCore, serverId: string, version: OAuthSpecVersion): Promise<OAuthDebugRun> {
  const started = await test.core.handlers['oauthDebug.start']({ serverId, version, mode: 'all' });
  return untilEnded(test, started.runId);
}

/** Sends pending steps until the one of `kind` is pending. */
async function nextUntilPending(test: TestCore, run: OAuthDebugRun, kind: DebugStepKind): Promise<OAuthDebugRun> {
  let current = run;
  while (current.steps.at(-1)?.kind !== kind || current.steps.at(-1)?.status !== 'pending') {
    if (current.status !== 'paused') throw new Error(`The run is ${current.status} before reaching ${kind}: ${current.failure ?? ''}`);
    current = await test.core.handlers['oauthDebug.next']({ runId: current.runId });
  }
  return current;
}

describe('the OAuth debugger against the fixture authorization server', () => {
  let test: TestCore;
  let oauth: OAuthFixture | undefined;
  const serve = async (options: OAuthFixtureOptions = {}, extra = {}) => {
    await oauth?.close();
    oauth = await startFixture(options);
    return addOAuthServer(test, oauth.url, extra);
  };
  beforeEach(async () => {
    test = await startCore();
  });
  afterEach(async () => {
    await test.core.dispose();
    await oauth?.close();
    oauth = undefined;
  });

  it('without a browser, follows no redirect of the authorization page to another host (issue 25)', async () => {
    const elsewhere = await startElsewhere();
    try {
      const server = await serve({ authorizeRedirectTo: `${elsewhere.origin}/internal-only` });
      const run = await runAll(test, server.id, '2025-11-25');
      expect(run.status).toBe('failed');
      expect(step(run, 'authorization-request').summary).toBe(
        `The authorization page redirected to ${elsewhere.origin}, which is neither the authorization server (${oauth!.origin}) nor the redirect URI; without a browser, Loupe does not follow it.`,
      );
      expect(elsewhere.hits).toEqual([]);
    } finally {
      elsewhere.close();
    }
  });

  it('steps through a whole flow one step at a time, each step recorded, explained and judged', async () => {
    const server = await serve({ revocation: true });
    let run = await test.core.handlers['oauthDebug.start']({ serverId: server.id, version: '2025-11-25', mode: 'step' });
    expect(run.status).toBe('paused');
    expect(run.steps).toHaveLength(1);
    expect(run.steps[0]).toMatchObject({ kind: 'unauthenticated-request', status: 'pending', request: { method: 'POST', url: oauth!.url } });
    expect(oauth!.seen.registrations).toBe(0);
    while (run.status === 'paused') run = await test.core.handlers['oauthDebug.next']({ runId: run.runId });
    expect(run.failure).toBeUndefined();
    expect(run.status).toBe('done');
    expect(run.steps.map((item) => item.kind)).toEqual(DEBUG_STEP_ORDER);
    expect(run.steps.map((item) => item.status)).toEqual(DEBUG_STEP_ORDER.map(() => 'ok'));
    for (const item of run.steps) expect(item.explanation.length, item.kind).toBeGreaterThan(80);
    expect(step(run, 'authorization-server-metadata').explanation).toContain('2025-11-25');

    // What the authorization server saw: PKCE S256, the resource indicator, the challenge's scope; a refresh; both tokens revoked.
    expect(oauth!.seen.authorizations[0]).toMatchObject({ code_challenge_method: 'S256', resource: oauth!.url, scope: 'mcp' });
    expect(oauth!.seen.tokenGrants.map((grant) => grant.grant)).toEqual(['authorization_code', 'refresh_token']);
    expect(oauth!.seen.revocations.map((revocation) => [revocation.hint, revocation.known])).toEqual([
      ['refresh_token', true],
      ['access_token', true],
    ]);
    expect(checkOf(run, 'authenticated-request', 'accepted')?.level).toBe('ok');

    // Every exchange is an `http` entry of the traffic log, credentials redacted.
    const traffic = await test.traffic(server.id);
    const exchanges = run.steps.flatMap((item) => item.exchanges);
    expect(exchanges.length).toBeGreaterThanOrEqual(10);
    for (const exchange of exchanges) {
      const entry = traffic.find((candidate) => candidate.seq === exchange.trafficSeq);
      expect(entry?.kind, exchange.url).toBe('http');
      expect(entry?.http?.url).toBe(exchange.url);
    }
    const token = step(run, 'token-request');
    expect(token.exchanges[0]?.requestBody).toMatch(/code=%5Bredacted%5D/);
    expect(token.exchanges[0]?.responseBody).toContain('"access_token": "[redacted]"');
    expect(step(run, 'token-revocation').exchanges[0]?.requestBody).toContain('token=%5Bredacted%5D');
    const everything = `${await exportedText(test.core)}${JSON.stringify(eventsNamed(test, 'oauthDebug.changed'))}${JSON.stringify(run)}`;
    for (const secret of oauth!.seen.issued) expect(everything).not.toContain(secret);

    // The sequence diagram: the four participants, the arrows of every step that went out.
    expect(run.diagram.participants.map((participant) => participant.id).sort()).toEqual(['authorization-server', 'browser', 'client', 'mcp-server']);
    expect(run.diagram.arrows.some((arrow) => arrow.from === 'client' && arrow.to === 'authorization-server' && arrow.label.startsWith('POST /token'))).toBe(true);
    expect(run.diagram.arrows.some((arrow) => arrow.from === 'mcp-server' && arrow.to === 'client' && arrow.label.startsWith('401'))).toBe(true);
    expect(run.diagram.arrows.every((arrow) => arrow.status === 'done')).toBe(true);
    expect(eventsNamed(test, 'oauthDebug.changed').length).toBeGreaterThan(run.steps.length);
  });

  it('continues from a completed step with an edit, keeping the steps before it', async () => {
    const server = await serve();
    const first = await runAll(test, server.id, '2025-11-25');
    expect(first.status).toBe('done');
    const authorize = step(first, 'authorization-request');
    const again = await test.core.handlers['oauthDebug.continueFrom']({ runId: first.runId, stepIndex: authorize.index, edit: { params: { scope: 'mcp admin' } } });
    expect(again.steps[authorize.index]?.edited).toBe(true);
    const done = await untilEnded(test, first.runId);
    expect(done.status).toBe('done');
    expect(done.steps.slice(0, authorize.index)).toEqual(first.steps.slice(0, authorize.index));
    expect(oauth!.seen.registrations).toBe(1);
    expect(oauth!.seen.authorizations.map((authorization) => authorization.scope)).toEqual(['mcp', 'mcp admin']);
    expect(step(done, 'token-request').summary).toContain('with scope "mcp admin"');
  });

  it('sends and records an edited request, and judges it again before it goes', async () => {
    const server = await serve();
    const started = await test.core.handlers['oauthDebug.start']({ serverId: server.id, version: '2026-07-28', mode: 'step' });
    const pending = await nextUntilPending(test, started, 'authorization-request');
    await expect(test.core.handlers['oauthDebug.edit']({ runId: started.runId, stepIndex: 0, edit: { params: { scope: 'x' } } })).rejects.toThrow('continue from it to edit it');

    const strayed = await test.core.handlers['oauthDebug.edit']({ runId: started.runId, edit: { params: { redirect_uri: 'http://evil.example/callback' } } });
    const checks = strayed.steps.at(-1)!.checks;
    expect(checks.find((item) => item.id === 'redirect-uri')?.level).toBe('error');
    expect(checks.find((item) => item.id === 'redirect-uri-registered')?.level).toBe('error');
    const loupeRedirect = new URL(pending.steps.at(-1)!.request!.url).searchParams.get('redirect_uri')!;

    const edited = await test.core.handlers['oauthDebug.edit']({ runId: started.runId, edit: { params: { redirect_uri: loupeRedirect, scope: 'mcp admin' } } });
    const request = edited.steps.at(-1)!;
    expect(request.edited).toBe(true);
    expect(new URL(request.request!.url).searchParams.get('scope')).toBe('mcp admin');
    expect(request.checks.find((item) => item.id === 'redirect-uri')?.level).toBe('ok');
    expect(request.checks.some((item) => item.id === 'redirect-uri-registered')).toBe(false);

    const sent = await test.core.handlers['oauthDebug.next']({ runId: started.runId });
    expect(step(sent, 'authorization-request').status).toBe('ok');
    expect(oauth!.seen.authorizations[0]?.scope).toBe('mcp admin');
    const recorded = (await test.traffic(server.id)).find((entry) => entry.kind === 'http' && entry.http?.url.includes('/authorize?'));
    expect(new URL(recorded!.http!.url).searchParams.get('scope')).toBe('mcp admin');
    await expect(test.core.handlers['oauthDebug.edit']({ runId: started.runId, edit: { url: 'not a url' } })).rejects.toThrow('not an http or https URL');
  });

  it.each([
    { name: 'a resource on another path', options: { resourceMismatch: 'other-path' }, version: '2025-11-25', kind: 'resource-metadata', id: 'resource-match', level: 'error', blocking: false },
    { name: 'a resource on another origin', options: { resourceMismatch: 'other-origin' }, version: '2025-06-18', kind: 'resource-metadata', id: 'resource-match', level: 'error', blocking: true },
    { name: 'a wrong iss under 2026-07-28', options: { iss: 'wrong' }, version: '2026-07-28', kind: 'authorization-redirect', id: 'iss', level: 'error', blocking: true },
    { name: 'a wrong iss under 2025-11-25', options: { iss: 'wrong' }, version: '2025-11-25', kind: 'authorization-redirect', id: 'iss', level: 'warning', blocking: false },
    { name: 'a missing iss the metadata promises, 2026-07-28', options: { iss: 'missing', issAdvertised: true }, version: '2026-07-28', kind: 'authorization-redirect', id: 'iss', level: 'error', blocking: true },
    { name: 'a missing iss the metadata promises, 2025-06-18', options: { iss: 'missing', issAdvertised: true }, version: '2025-06-18', kind: 'authorization-redirect', id: 'iss', level: 'warning', blocking: false },
    { name: 'no PKCE methods under 2025-11-25', options: { noPkceAdvertised: true }, version: '2025-11-25', kind: 'authorization-server-metadata', id: 'pkce-methods', level: 'error', blocking: true },
    { name: 'no PKCE methods under 2025-06-18', options: { noPkceAdvertised: true }, version: '2025-06-18', kind: 'authorization-server-metadata', id: 'pkce-methods', level: 'warning', blocking: false },
    { name: 'no revocation endpoint', options: {}, version: '2025-11-25', kind: 'token-revocation', id: 'revocation', level: 'warning', blocking: false },
    { name: 'a server that will not revoke access tokens', options: { revocation: 'refuse-access' }, version: '2025-11-25', kind: 'token-revocation', id: 'revoke-access_token', level: 'warning', blocking: false },
  ] as const)('judges $name: $id is $level', async ({ options, version, kind, id, level, blocking }) => {
    const server = await serve(options);
    const run = await runAll(test, server.id, version);
    const verdict = checkOf(run, kind, id);
    expect(verdict?.level, JSON.stringify(step(run, kind).checks)).toBe(level);
    expect(verdict?.sentence.length).toBeGreaterThan(20);
    expect(verdict?.blocking === true).toBe(blocking);
    expect(run.status).toBe(blocking ? 'failed' : 'done');
    if (blocking) {
      expect(step(run, kind).status).toBe('failed');
      expect(run.failure).toContain(verdict!.sentence);
      // A flow stopped before the token request redeems nothing.
      expect(oauth!.seen.tokenGrants).toEqual([]);
    }
  });

  it.each([
    { shape: 'legacy', version: '2025-03-26', resource: 'skipped', resourceFoundAt: undefined, serverFoundAt: 'ok', metadataAt: '/.well-known/oauth-authorization-server' },
    { shape: 'legacy-defaults', version: '2025-03-26', resource: 'skipped', resourceFoundAt: undefined, serverFoundAt: undefined, metadataAt: undefined },
    { shape: 'well-known-only', version: '2025-11-25', resource: 'ok', resourceFoundAt: 'ok', serverFoundAt: 'ok', metadataAt: '/.well-known/openid-configuration/tenant1' },
    { shape: 'well-known-only', version: '2025-06-18', resource: 'ok', resourceFoundAt: 'warning', serverFoundAt: 'warning', metadataAt: '/.well-known/openid-configuration/tenant1' },
    { shape: 'legacy', version: '2025-11-25', resource: 'failed', resourceFoundAt: undefined, serverFoundAt: undefined, metadataAt: undefined },
  ] as const)('discovers the $shape shape under $version', async ({ shape, version, resource, resourceFoundAt, serverFoundAt, metadataAt }) => {
    const server = await serve({ discovery: shape });
    const run = await runAll(test, server.id, version);
    expect(step(run, 'resource-metadata').status).toBe(resource);
    expect(checkOf(run, 'resource-metadata', 'found-at')?.level).toBe(resourceFoundAt);
    if (resource === 'failed') {
      expect(run.status).toBe('failed');
      expect(run.steps.some((item) => item.kind === 'authorization-server-metadata')).toBe(false);
      return;
    }
    expect(run.status, run.failure).toBe('done');
    const metadata = step(run, 'authorization-server-metadata');
    expect(checkOf(run, 'authorization-server-metadata', 'found-at')?.level).toBe(serverFoundAt);
    if (metadataAt) expect(metadata.exchanges.at(-1)?.url).toBe(`${oauth!.origin}${metadataAt}`);
    else expect(checkOf(run, 'authorization-server-metadata', 'default-endpoints')?.level).toBe('warning');
    expect(checkOf(run, 'authenticated-request', 'accepted')?.level).toBe('ok');
  });

  it('takes a Client ID Metadata Document where the version and the server do, and fetches it as the server will', async () => {
    await serve({ cimd: true });
    // An https client id on a port where nothing answers (the fixture speaks plain http).
    const clientId = `https://127.0.0.1:${await freePort()}/client-metadata.json`;
    const server = await addOAuthServer(test, oauth!.url, { auth: { authorizeWith: 'http-get', clientMetadataUrl: clientId } });
    const current = await runAll(test, server.id, '2025-11-25');
    const registration = step(current, 'client-registration');
    expect(registration.summary).toContain(`Uses its Client ID Metadata Document as the client id: ${clientId}`);
    expect(registration.exchanges.map((exchange) => exchange.url)).toEqual([clientId]);
    expect(checkOf(current, 'client-registration', 'cimd-document')?.level).toBe('error');
    expect(oauth!.seen.registrations).toBe(0);
    expect(current.diagram.arrows.some((arrow) => arrow.from === 'authorization-server' && arrow.to === 'client' && arrow.label.includes('Client ID Metadata Document'))).toBe(true);
    // The authorization server is asked with the URL as the client id (and, knowing no such client, refuses).
    expect(new URL(step(current, 'authorization-request').request!.url).searchParams.get('client_id')).toBe(clientId);
    expect(current.status).toBe('failed');

    // 2025-06-18 predates metadata documents: the same settings register dynamically.
    const older = await runAll(test, server.id, '2025-06-18');
    expect(older.status, older.failure).toBe('done');
    expect(checkOf(older, 'client-registration', 'cimd')?.sentence).toContain('predates them');
    expect(oauth!.seen.registrations).toBe(1);
  });

  it('signs DPoP proofs where the server asks for them, through the nonce dance, and the fixture accepts them', async () => {
    const server = await serve({ dpop: true });
    const run = await runAll(test, server.id, '2026-07-28');
    expect(run.status, run.failure).toBe('done');
    expect(checkOf(run, 'unauthenticated-request', 'dpop-challenge')?.level).toBe('ok');
    expect(checkOf(run, 'token-request', 'token-type')?.level).toBe('ok');
    expect(checkOf(run, 'authenticated-request', 'accepted')?.level).toBe('ok');
    // The nonce dance: the first proof at each server is refused for its nonce, the retry is taken.
    expect(oauth!.seen.dpop.refused.map((refusal) => `${refusal.at}: ${refusal.reason}`)).toEqual(['token: use_dpop_nonce', 'resource: use_dpop_nonce']);
    expect(oauth!.seen.dpop.proofs.map((proof) => proof.at)).toEqual(['token', 'token', 'resource']);
    const tokenProofs = step(run, 'token-request').dpopProofs!;
    expect(tokenProofs).toHaveLength(2);
    expect(tokenProofs[0]).toMatchObject({ header: { typ: 'dpop+jwt', alg: 'ES256' }, claims: { htm: 'POST', htu: `${oauth!.origin}/token` } });
    expect(tokenProofs[1]?.claims.nonce).toEqual(expect.any(String));
    const resourceProof = step(run, 'authenticated-request').dpopProofs!.at(-1)!;
    expect(resourceProof.claims).toMatchObject({ htm: 'POST', htu: oauth!.url, ath: expect.any(String) });
    // The proofs and the DPoP-bound token are redacted in the record.
    const resourceExchange = step(run, 'authenticated-request').exchanges.at(-1)!;
    expect(resourceExchange.requestHeaders.dpop).toBe('[redacted]');
    expect(resourceExchange.requestHeaders.authorization).toBe('DPoP [redacted]');
  });

  it('waits for the browser, which the window is asked to open, and goes on when the redirect comes back', async () => {
    const server = await serve({}, { auth: { authorizeWith: 'browser' } });
    const started = await test.core.handlers['oauthDebug.start']({ serverId: server.id, version: '2025-06-18', mode: 'step' });
    const pending = await nextUntilPending(test, started, 'authorization-request');
    const opened = await test.core.handlers['oauthDebug.next']({ runId: pending.runId });
    expect(step(opened, 'authorization-request').summary).toContain('browser');
    const url = eventsNamed(test, 'auth.openUrl').at(-1)?.url;
    expect(url).toContain('code_challenge_method=S256');
    expect(oauth!.seen.authorizations).toHaveLength(0);
    const waiting = await test.core.handlers['oauthDebug.next']({ runId: pending.runId });
    expect(waiting.status).toBe('waiting-for-browser');
    expect(waiting.authorizationUrl).toBe(url);
    expect(step(waiting, 'authorization-redirect').status).toBe('waiting');
    // The person's browser: follows the authorization page back to Loupe's listener.
    expect((await fetch(url!)).status).toBe(200);
    const back = await waitFor(async () => {
      const run = await test.core.handlers['oauthDebug.get']({ runId: pending.runId });
      return run.status === 'paused' ? run : undefined;
    }, 'the redirect to come back');
    expect(step(back, 'authorization-redirect').status).toBe('ok');
    expect(back.steps.at(-1)).toMatchObject({ kind: 'token-request', status: 'pending' });
  });

  it('stops, and says so; a stdio server or an unknown run gets one sentence', async () => {
    const server = await serve();
    const started = await test.core.handlers['oauthDebug.start']({ serverId: server.id, mode: 'step' });
    expect(started.version).toBe('2026-07-28');
    const stopped = await test.core.handlers['oauthDebug.stop']({ runId: started.runId });
    expect(stopped.status).toBe('stopped');
    await expect(test.core.handlers['oauthDebug.next']({ runId: started.runId })).rejects.toThrow('No step is waiting');
    expect((await test.core.handlers['oauthDebug.list']({ serverId: server.id })).map((run) => run.status)).toEqual(['stopped']);
    const stdio = await test.add('stdio', fixture());
    await expect(test.core.handlers['oauthDebug.start']({ serverId: stdio.id })).rejects.toThrow('Streamable HTTP and SSE servers');
    await expect(test.core.handlers['oauthDebug.get']({ runId: 'nope' })).rejects.toThrow('No OAuth debug run nope');
  });
});
