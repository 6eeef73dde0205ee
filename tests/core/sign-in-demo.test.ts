/**
 * The offline sign-in demo (issue 39, item 2): its MCP endpoint refuses a request without a valid
 * token with a 401 naming its protected resource metadata, its own authorization server serves the
 * discovery documents, and the core adds it, signs in to it and calls its tools.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSignInDemoServer, type SignInDemoServer } from '../../main/core/demo/sign-in-demo-server.js';
import { SIGN_IN_DEMO_NAME } from '../../shared/sign-in-demo.js';
import { startCore, waitFor, type TestCore } from './helpers.js';

const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('the sign-in demo server', () => {
  let demo: SignInDemoServer;
  beforeEach(async () => {
    demo = await startSignInDemoServer();
  });
  afterEach(async () => {
    await demo.close();
  });

  it('listens on 127.0.0.1 and refuses a request without a token with a 401 naming its resource metadata', async () => {
    expect(demo.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const origin = new URL(demo.url).origin;
    const response = await fetch(demo.url, { method: 'POST', headers: mcpHeaders, body: initialize });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp", scope="mcp"`);

    const resource = (await (await fetch(`${origin}/.well-known/oauth-protected-resource/mcp`)).json()) as { resource: string; authorization_servers: string[] };
    expect(resource.resource).toBe(demo.url);
    const metadata = (await (await fetch(`${origin}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(resource.authorization_servers[0]);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.registration_endpoint).toBe(`${origin}/register`);
  });

  it('refuses an unknown token with a 401 saying invalid_token', async () => {
    const response = await fetch(demo.url, { method: 'POST', headers: { ...mcpHeaders, authorization: 'Bearer made-up' }, body: initialize });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource\/mcp", scope="mcp", error="invalid_token"/);
  });

  it('refuses an authorization request without a PKCE S256 challenge, and a token request whose verifier does not match', async () => {
    const origin = new URL(demo.url).origin;
    const redirect = 'http://127.0.0.1:1/callback';
    const registered = (await (await fetch(`${origin}/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: [redirect] }) })).json()) as { client_id: string };
    const authorize = (query: Record<string, string>) => fetch(`${origin}/authorize?${new URLSearchParams({ client_id: registered.client_id, redirect_uri: redirect, response_type: 'code', ...query })}`, { redirect: 'manual' });

    const plain = new URL((await authorize({ code_challenge: 'abc', code_challenge_method: 'plain' })).headers.get('location')!);
    expect(plain.searchParams.get('error')).toBe('invalid_request');
    expect(plain.searchParams.get('code')).toBeNull();

    const { createHash } = await import('node:crypto');
    const challenge = createHash('sha256').update('the-verifier').digest('base64url');
    const approved = new URL((await authorize({ code_challenge: challenge, code_challenge_method: 'S256', state: 's1' })).headers.get('location')!);
    expect(approved.searchParams.get('state')).toBe('s1');
    const code = approved.searchParams.get('code')!;
    const token = (verifier: string) =>
      fetch(`${origin}/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code', code, client_id: registered.client_id, redirect_uri: redirect, code_verifier: verifier }) });
    const wrong = await token('another-verifier');
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('refuses a request whose Host is not its loopback address', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(demo.url, { method: 'GET', headers: { host: 'rebound.example:80' } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject).end();
    });
    expect(status).toBe(403);
  });
});

describe('the sign-in demo in the core', () => {
  let test: TestCore;
  beforeEach(async () => {
    test = await startCore();
  });
  afterEach(async () => {
    await test.core.dispose();
  });

  it('adds the demo once, signs in to it with no browser and calls a tool', async () => {
    const server = await test.core.handlers['servers.addSignInDemo']();
    expect(server.name).toBe(SIGN_IN_DEMO_NAME);
    expect(server.transport.type === 'streamable-http' && server.transport.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const again = await test.core.handlers['servers.addSignInDemo']();
    expect(again.id).toBe(server.id);
    expect((await test.core.handlers['servers.list']()).filter((entry) => entry.name === SIGN_IN_DEMO_NAME)).toHaveLength(1);

    const refused = await test.core.handlers['connections.connect']({ serverId: server.id });
    expect(refused.failure?.code).toBe('auth-required');
    const state = await test.core.handlers['auth.start']({ serverId: server.id });
    const auth = await test.core.handlers['auth.status']({ serverId: server.id });
    expect(state.failure?.message ?? auth.failure?.message).toBeUndefined();
    expect(state.status).toBe('connected');
    const outcome = await test.core.handlers['tools.call']({ serverId: server.id, name: 'echo', arguments: { text: 'hello' }, callId: 'echo-1' });
    expect(JSON.stringify(outcome.result)).toContain('hello');
  });

  it('stops with the core, and a later core points the entry at its own demo', async () => {
    const server = await test.core.handlers['servers.addSignInDemo']();
    const before = server.transport.type === 'streamable-http' ? server.transport.url : '';
    await test.core.dispose();
    await expect(fetch(before, { method: 'POST' })).rejects.toThrow();

    test = await startCore({ dataDir: test.dataDir });
    const [entry] = (await test.core.handlers['servers.list']()).filter((item) => item.name === SIGN_IN_DEMO_NAME);
    expect(entry?.id).toBe(server.id);
    const after = entry?.transport.type === 'streamable-http' ? entry.transport.url : '';
    expect(after).not.toBe(before);
    expect((await fetch(after, { method: 'POST', headers: mcpHeaders, body: initialize })).status).toBe(401);
  });

  it('goes through the OAuth debugger with every step OK under both protocol eras', async () => {
    const server = await test.core.handlers['servers.addSignInDemo']();
    for (const version of ['2025-11-25', '2026-07-28'] as const) {
      const started = await test.core.handlers['oauthDebug.start']({ serverId: server.id, version, mode: 'all' });
      const run = await waitFor(async () => {
        const current = await test.core.handlers['oauthDebug.get']({ runId: started.runId });
        return current.status === 'running' || current.status === 'paused' ? undefined : current;
      }, 'the debug run to end');
      expect(run.status).toBe('done');
      expect(run.steps.map((step) => `${step.kind} ${step.status}`)).toEqual(run.steps.map((step) => `${step.kind} ok`));
      expect(run.steps.map((step) => step.kind)).toEqual(expect.arrayContaining(['token-request', 'authenticated-request', 'token-revocation']));
    }
  });
});
