import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../../shared/auth.js';
import { FileSecretStore } from '../../main/core/secrets/secret-store.js';
import { TokenStore } from '../../main/core/auth/token-store.js';
import { redactBody, redactRequestHeaders, redactResponseHeaders, redactUrl } from '../../main/core/transports/http-redaction.js';
import { recordingFetch } from '../../main/core/transports/recording-fetch.js';

describe('HTTP redaction', () => {
  it('hides credentials in headers but keeps the scheme, and the user’s secret headers', () => {
    const headers = new Headers({ authorization: 'Bearer abc.def.ghi', cookie: 'sid=1', 'x-team': 'loupe', 'x-my-key': 'k-123' });
    expect(redactRequestHeaders(headers, new Set(['x-my-key']))).toEqual({
      authorization: 'Bearer [redacted]',
      cookie: '[redacted]',
      'x-team': 'loupe',
      'x-my-key': '[redacted]',
    });
    const response = redactResponseHeaders(new Headers({ 'set-cookie': 'sid=2', location: 'http://127.0.0.1:5/callback?code=xyz&state=s' }));
    expect(response['set-cookie']).toBe('[redacted]');
    expect(response.location).toBe('http://127.0.0.1:5/callback?code=%5Bredacted%5D&state=s');
  });

  it('hides tokens in query strings, form bodies and JSON bodies', () => {
    expect(redactUrl('https://x.example/mcp?access_token=t0k3n&x=1')).toBe('https://x.example/mcp?access_token=%5Bredacted%5D&x=1');
    expect(redactUrl('https://x.example/mcp?x=1')).toBe('https://x.example/mcp?x=1');
    expect(redactBody('grant_type=refresh_token&refresh_token=r1&client_id=c&client_secret=s')).toBe(
      'grant_type=refresh_token&refresh_token=%5Bredacted%5D&client_id=c&client_secret=%5Bredacted%5D',
    );
    const json = JSON.parse(redactBody('{"access_token":"a","token_type":"Bearer","nested":{"id_token":"i"},"scope":"mcp"}')) as Record<string, unknown>;
    expect(json).toEqual({ access_token: '[redacted]', token_type: 'Bearer', nested: { id_token: '[redacted]' }, scope: 'mcp' });
    expect(redactBody('plain text')).toBe('plain text');
  });
});

describe('recordingFetch', () => {
  it('reports each exchange, tells OAuth requests from MCP ones, and leaves the response readable', async () => {
    const exchanges: HttpExchange[] = [];
    const inner = async (input: string | URL | Request) => {
      const url = String(input);
      if (url.endsWith('/token')) return Response.json({ access_token: 'secret-access', token_type: 'Bearer' });
      return new Response('{"jsonrpc":"2.0","id":1,"result":{}}', { headers: { 'content-type': 'application/json', 'mcp-session-id': 'sess-1' } });
    };
    const fetch = recordingFetch(inner, { serverUrl: new URL('http://127.0.0.1:9/mcp'), onExchange: (exchange) => exchanges.push(exchange) });
    const mcp = await fetch('http://127.0.0.1:9/mcp', { method: 'POST', headers: { authorization: 'Bearer t' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    expect(await mcp.text()).toContain('"result"');
    const token = await fetch('http://127.0.0.1:9/token', { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code', code: 'c0de' }) });
    expect(((await token.json()) as { access_token: string }).access_token).toBe('secret-access');
    expect(exchanges[0]).toMatchObject({ method: 'POST', purpose: 'mcp', status: 200, sessionId: 'sess-1', requestHeaders: { authorization: 'Bearer [redacted]' } });
    expect(exchanges[0]?.requestBody).toBeUndefined();
    expect(exchanges[1]).toMatchObject({ purpose: 'oauth', requestBody: 'grant_type=authorization_code&code=%5Bredacted%5D' });
    expect(exchanges[1]?.responseBody).toContain('"access_token": "[redacted]"');
  });

  it('reports a request that never got a response, and rethrows', async () => {
    const exchanges: HttpExchange[] = [];
    const fetch = recordingFetch(
      async () => {
        throw new TypeError('fetch failed');
      },
      { serverUrl: new URL('http://127.0.0.1:9/mcp'), onExchange: (exchange) => exchanges.push(exchange) },
    );
    await expect(fetch('http://127.0.0.1:9/mcp', { method: 'GET' })).rejects.toThrow('fetch failed');
    expect(exchanges[0]).toMatchObject({ method: 'GET', error: 'fetch failed' });
    expect(exchanges[0]?.status).toBeUndefined();
  });
});

describe('TokenStore on the file SecretStore', () => {
  it('keeps records per server in a 0600 file and ignores a record made for another URL', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'loupe-secrets-')), 'oauth-secrets.json');
    const store = new TokenStore(new FileSecretStore(path));
    await store.write('s1', { serverUrl: 'https://a.example/mcp', tokens: { access_token: 'tok', token_type: 'Bearer' } });
    await store.setClientSecret('s1', 'shh');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const reopened = new TokenStore(new FileSecretStore(path));
    expect((await reopened.read('s1', 'https://a.example/mcp')).tokens?.access_token).toBe('tok');
    expect((await reopened.read('s1', 'https://b.example/mcp')).tokens).toBeUndefined();
    expect(await reopened.clientSecret('s1')).toBe('shh');
    await reopened.forget('s1');
    expect(readFileSync(path, 'utf8')).not.toContain('tok');
  });
});
