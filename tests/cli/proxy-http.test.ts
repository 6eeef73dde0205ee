import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client, SSEClientTransport, StreamableHTTPClientTransport, UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProxiedSession } from '../../shared/proxy.js';
import { eventsNamed, startCore, startEverythingHttp, waitFor } from '../core/helpers.js';
import { startSupervisedCore } from '../core/supervised-core.js';
// @ts-expect-error a plain .mjs fixture without types
import { startOAuthFixture } from '../fixtures/oauth-server.mjs';
import { CLI, newDataDir, savedSessions, startRaw, textOf, type RawRun } from './proxy-helpers.js';

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close().catch(() => undefined)));
});

/** Starts `loupe proxy --http` and resolves with the URL it prints. */
async function httpProxy(upstream: string, dataDir: string, name = 'remote'): Promise<{ url: string; run: RawRun; stop(): Promise<unknown> }> {
  const run = startRaw(process.execPath, [CLI, 'proxy', '--http', upstream, '--listen', '127.0.0.1:0', '--name', name, '--data-dir', dataDir]);
  const stop = async () => {
    run.child.kill('SIGTERM');
    return run.closed;
  };
  closers.push(stop);
  const url = await waitFor(() => /^(http:\S+)\n/.exec(Buffer.concat(run.stdout).toString())?.[1], 'the proxy URL');
  return { url, run, stop };
}

/**
 * A client's OAuth side as a desktop client has it: dynamic registration, and a browser that
 * follows /authorize (which the fixture approves at once) to the redirect carrying the code.
 */
class SigningInClient implements OAuthClientProvider {
  readonly redirectUrl = 'http://127.0.0.1:1/callback';
  readonly clientMetadata = { client_name: 'proxied-oauth-client', redirect_uris: [this.redirectUrl], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  client?: Awaited<ReturnType<OAuthClientProvider['clientInformation']>>;
  saved?: Awaited<ReturnType<OAuthClientProvider['tokens']>>;
  verifier = '';
  /** Where the browser went to sign in, and the code it came back with. */
  authorizationUrl?: URL;
  code?: string | undefined;
  clientInformation = () => this.client;
  saveClientInformation = (client: NonNullable<SigningInClient['client']>) => void (this.client = client);
  tokens = () => this.saved;
  saveTokens = (tokens: NonNullable<SigningInClient['saved']>) => void (this.saved = tokens);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier = () => this.verifier;
  async redirectToAuthorization(url: URL): Promise<void> {
    this.authorizationUrl = url;
    const back = (await fetch(url, { redirect: 'manual' })).headers.get('location');
    this.code = back ? (new URL(back).searchParams.get('code') ?? undefined) : undefined;
  }
}

async function connect(client: Client, transport: StreamableHTTPClientTransport | SSEClientTransport): Promise<Client> {
  await client.connect(transport);
  closers.push(() => client.close());
  return client;
}

describe('loupe proxy --http', () => {
  it('passes Streamable HTTP through with its credentials, shows the session in the app, and records the exchanges redacted', async () => {
    const everything = await startEverythingHttp('streamableHttp');
    closers.push(async () => everything.stop());
    const test = await startCore({ dataDir: newDataDir(), acceptProxies: true });
    closers.push(() => test.core.dispose());
    const proxy = await httpProxy(`http://127.0.0.1:${everything.port}/mcp`, test.dataDir);
    expect(proxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);

    const headers = { Authorization: 'Bearer very-secret-token' };
    const client = await connect(new Client({ name: 'http-client', version: '2.0.0' }), new StreamableHTTPClientTransport(new URL(proxy.url), { requestInit: { headers } }));
    expect(client.getServerVersion()?.name).toBe('mcp-servers/everything');
    expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'over http' } }))).toBe('Echo: over http');

    const session = await waitFor(() => eventsNamed(test, 'proxy.sessions.changed').findLast((candidate: ProxiedSession) => candidate.client?.info !== undefined), 'the proxied session');
    expect(session).toMatchObject({ transport: 'http', target: `http://127.0.0.1:${everything.port}/mcp`, listen: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), client: { info: { name: 'http-client' } } });
    const entries = await waitFor(async () => {
      const all = await test.traffic(session.serverId);
      return all.some((entry) => entry.kind === 'response' && JSON.stringify(entry.message).includes('Echo: over http')) ? all : undefined;
    }, 'the call in the app');
    const exchanges = entries.filter((entry) => entry.kind === 'http').map((entry) => entry.http!);
    expect(exchanges.length).toBeGreaterThanOrEqual(3);
    expect(exchanges.every((exchange) => exchange.requestHeaders.authorization === 'Bearer [redacted]')).toBe(true);
    expect(exchanges.some((exchange) => exchange.sessionId !== undefined && exchange.status === 200)).toBe(true);
    const call = entries.find((entry) => entry.kind === 'request' && entry.method === 'tools/call')!;
    expect(JSON.parse(call.raw!)).toEqual(call.message);
    expect(entries.find((entry) => entry.kind === 'response' && entry.requestSeq === call.seq)).toBeDefined();

    await client.close();
    await proxy.stop();
    await waitFor(() => eventsNamed(test, 'proxy.sessions.changed').find((candidate) => candidate.id === session.id && candidate.status === 'ended'), 'the session to end');
    await test.core.dispose();
    // The secret is in no file Loupe wrote.
    for (const folder of readdirSync(join(test.dataDir, 'traffic'))) {
      for (const file of readdirSync(join(test.dataDir, 'traffic', folder))) expect(readFileSync(join(test.dataDir, 'traffic', folder, file), 'utf8')).not.toContain('very-secret-token');
    }
  });

  // default: the 401 names the metadata (2025-06-18); well-known-only: the client finds it at the well-known path on the proxy (2025-11-25).
  it.each(['default', 'well-known-only'] as const)('lets a client sign in through it (%s discovery): the resource metadata names the proxy, the token passes, the record redacts it', async (discovery) => {
    const fixture = await startOAuthFixture({ discovery });
    closers.push(() => fixture.close());
    const test = await startCore({ dataDir: newDataDir(), acceptProxies: true });
    closers.push(() => test.core.dispose());
    const proxy = await httpProxy(fixture.url, test.dataDir, 'protected');

    const provider = new SigningInClient();
    const first = new StreamableHTTPClientTransport(new URL(proxy.url), { authProvider: provider });
    await expect(new Client({ name: 'oauth-client', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    // The client found the authorization server from the challenge it got through the proxy, and asked for a token for the URL it uses.
    expect(provider.authorizationUrl?.origin).toBe(fixture.origin);
    expect(provider.code).toBeDefined();
    await first.finishAuth(provider.code!);
    const issued = provider.saved!.access_token;
    expect(fixture.seen.issued).toContain(issued);
    // The token was asked for the resource the client connects to: the proxy.
    expect(fixture.seen.authorizations[0]?.resource).toBe(proxy.url);

    const client = await connect(new Client({ name: 'oauth-client', version: '1.0.0' }), new StreamableHTTPClientTransport(new URL(proxy.url), { authProvider: provider }));
    expect(textOf(await client.callTool({ name: 'whoami', arguments: {} }))).toMatch(/^client client-\S+ with scopes mcp/);

    const session = await waitFor(() => eventsNamed(test, 'proxy.sessions.changed').findLast((candidate: ProxiedSession) => candidate.client?.info !== undefined), 'the proxied session');
    const entries = await waitFor(async () => {
      const all = await test.traffic(session.serverId);
      return all.some((entry) => entry.kind === 'response' && JSON.stringify(entry.message).includes('with scopes mcp')) ? all : undefined;
    }, 'the call in the app');
    const exchanges = entries.filter((entry) => entry.kind === 'http').map((entry) => entry.http!);
    // The record keeps what the server sent, and says what the proxy changed.
    const challenged = exchanges.find((exchange) => exchange.status === 401);
    expect(challenged?.responseHeaders?.['www-authenticate']).toMatch(/^Bearer /);
    if (discovery === 'default') expect(challenged?.responseHeaders?.['www-authenticate']).toContain(`resource_metadata="${fixture.origin}/.well-known/oauth-protected-resource/mcp"`);
    const metadata = exchanges.find((exchange) => exchange.url.endsWith('/.well-known/oauth-protected-resource/mcp') && exchange.status === 200);
    expect(JSON.parse(metadata!.responseBody!)).toMatchObject({ resource: fixture.url });
    expect(entries.some((entry) => entry.kind === 'note' && /named itself .* as the protected resource/.test(entry.text ?? ''))).toBe(true);
    const authorized = exchanges.filter((exchange) => exchange.requestHeaders.authorization !== undefined);
    expect(authorized.length).toBeGreaterThan(0);
    expect(authorized.every((exchange) => exchange.requestHeaders.authorization === 'Bearer [redacted]')).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(issued);

    await client.close();
    await proxy.stop();
    await test.core.dispose();
    for (const folder of readdirSync(join(test.dataDir, 'traffic'))) {
      for (const file of readdirSync(join(test.dataDir, 'traffic', folder))) expect(readFileSync(join(test.dataDir, 'traffic', folder, file), 'utf8')).not.toContain(issued);
    }
  });

  it('passes the legacy SSE transport through, and saves the session when the app is not running', async () => {
    const everything = await startEverythingHttp('sse');
    closers.push(async () => everything.stop());
    const dataDir = newDataDir();
    const proxy = await httpProxy(`http://127.0.0.1:${everything.port}/sse`, dataDir, 'legacy-sse');
    const client = await connect(new Client({ name: 'sse-client', version: '1.0.0' }), new SSEClientTransport(new URL(proxy.url)));
    expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'over sse' } }))).toBe('Echo: over sse');
    await client.close();
    await proxy.stop();
    const [session] = savedSessions(dataDir);
    expect(session!.meta.proxied).toMatchObject({ name: 'legacy-sse', transport: 'http' });
    const kinds = session!.entries.map((entry) => `${entry.direction} ${entry.kind} ${entry.method ?? ''}`.trim());
    expect(kinds).toEqual(expect.arrayContaining(['out request initialize', 'in response initialize', 'out request tools/call', 'in response tools/call', 'out http']));
  });

  it('passes headers, Last-Event-ID and an event stream through byte for byte, and answers to its own Host only', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const events = ['id: 6\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"six"}}\n\n', ': a comment\n\n', 'id: 7\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n'];
    const upstream = createServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(200, { 'content-type': 'text/event-stream', 'mcp-session-id': 'session-42', 'x-upstream': 'yes' });
      let index = 0;
      const next = () => (index < events.length ? response.write(events[index++], () => setTimeout(next, 30)) : response.end());
      next();
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', () => resolve()));
    closers.push(() => new Promise((resolve) => upstream.close(resolve)));
    const dataDir = newDataDir();
    const proxy = await httpProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}/mcp`, dataDir);

    const response = await fetch(proxy.url, {
      headers: { accept: 'text/event-stream', 'last-event-id': '5', 'mcp-session-id': 'session-42', authorization: 'Bearer token-1', 'mcp-protocol-version': '2025-11-25' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBe('session-42');
    expect(response.headers.get('x-upstream')).toBe('yes');
    expect(await response.text()).toBe(events.join(''));
    expect(seen[0]).toMatchObject({ 'last-event-id': '5', 'mcp-session-id': 'session-42', authorization: 'Bearer token-1', 'mcp-protocol-version': '2025-11-25', host: `127.0.0.1:${(upstream.address() as AddressInfo).port}` });

    // A page on a rebinding domain reaches the listener with its own Host: refused, nothing forwarded.
    const url = new URL(proxy.url);
    const status = await new Promise<number>((resolve) => {
      httpRequest({ host: url.hostname, port: url.port, path: url.pathname, headers: { host: 'attacker.example:80' } }, (reply) => resolve(reply.statusCode ?? 0)).end();
    });
    expect(status).toBe(421);
    expect(seen).toHaveLength(1);

    await proxy.stop();
    const [session] = savedSessions(dataDir);
    const inbound = session!.entries.filter((entry) => entry.direction === 'in' && entry.kind !== 'http').map((entry) => entry.raw);
    expect(inbound).toEqual(['{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"six"}}', '{"jsonrpc":"2.0","id":1,"result":{}}']);
    expect(session!.entries.find((entry) => entry.kind === 'http')?.http?.requestHeaders.authorization).toBe('Bearer [redacted]');
  });
});

/** A loopback HTTP server that answers 200 and keeps what reached it. */
async function catcher(): Promise<{ port: number; seen: Array<{ url: string; headers: IncomingHttpHeaders }> }> {
  const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
  const server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    response.writeHead(200, { 'content-type': 'text/plain' }).end('caught');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return { port: (server.address() as AddressInfo).port, seen };
}

/** One request to the proxy with a raw request target; resolves with the status and body. */
function rawRequest(proxyUrl: string, target: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const url = new URL(proxyUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: url.hostname, port: url.port, path: target, headers: { authorization: 'Bearer client-secret', ...headers } }, (reply) => {
      let body = '';
      reply.setEncoding('utf8');
      reply.on('data', (chunk: string) => (body += chunk));
      reply.on('end', () => resolve({ status: reply.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('loupe proxy --http is no open proxy', () => {
  it('refuses request targets naming another host with a 400, before any connection, and records the refusal', async () => {
    const upstream = await catcher();
    const other = await catcher();
    const dataDir = newDataDir();
    const proxy = await httpProxy(`http://127.0.0.1:${upstream.port}/mcp`, dataDir, 'guarded');
    const targets = [
      `http://127.0.0.1:${other.port}/x`,
      `//127.0.0.1:${other.port}/x`,
      `/\\127.0.0.1:${other.port}/x`,
      // The cloud metadata address: the refusal comes before any connection (it would otherwise be a 502 or hang).
      'http://169.254.169.254/latest/meta-data/',
    ];
    for (const target of targets) {
      const reply = await rawRequest(proxy.url, target);
      expect(reply, target).toEqual({ status: 400, body: expect.stringContaining(`forwards paths on http://127.0.0.1:${upstream.port} only`) as string });
    }
    expect(other.seen).toEqual([]);
    expect(upstream.seen).toEqual([]);

    // A path (with its query) on the server still passes, the client's credentials with it.
    expect(await rawRequest(proxy.url, '/mcp?x=1')).toEqual({ status: 200, body: 'caught' });
    expect(upstream.seen.map((seen) => [seen.url, seen.headers.authorization])).toEqual([['/mcp?x=1', 'Bearer client-secret']]);

    await proxy.stop();
    const [session] = savedSessions(dataDir);
    const notes = session!.entries.filter((entry) => entry.kind === 'note' && entry.text?.startsWith('loupe proxy refused'));
    expect(notes).toHaveLength(targets.length);
    expect(JSON.stringify(session!.entries)).not.toContain('client-secret');
  });

  it('refuses a request from another site\'s page (a foreign Origin) with a 403, and passes its own origin', async () => {
    const upstream = await catcher();
    const proxy = await httpProxy(`http://127.0.0.1:${upstream.port}/mcp`, newDataDir(), 'guarded');
    const foreign = await rawRequest(proxy.url, '/mcp', { origin: 'http://attacker.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain('another site');
    expect(upstream.seen).toEqual([]);
    expect((await rawRequest(proxy.url, '/mcp', { origin: new URL(proxy.url).origin })).status).toBe(200);
    expect(upstream.seen).toHaveLength(1);
  });
});

describe('loupe proxy --http under faults: the client sees the same bytes as without it', () => {
  it('passes garbage both ways byte for byte, and records it as malformed', async () => {
    const received: Buffer[] = [];
    const garbageJson = Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":1,"result":'), Buffer.from([0xff, 0x00, 0x80])]);
    const garbageEvents = 'data: {not json\n\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"after"}}\n\n';
    const upstream = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        received.push(body);
        if (body.includes('events please')) response.writeHead(200, { 'content-type': 'text/event-stream' }).end(garbageEvents);
        else response.writeHead(200, { 'content-type': 'application/json' }).end(garbageJson);
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', () => resolve()));
    closers.push(() => new Promise((resolve) => upstream.close(resolve)));
    const direct = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/mcp`;
    const dataDir = newDataDir();
    const proxy = await httpProxy(direct, dataDir, 'garbage');

    const sent = [Buffer.from('not json at all'), Buffer.from('{"jsonrpc":"2.0","id":2,"method":"events please"')];
    const replies: Array<{ url: string; status: number; type: string | null; body: Buffer }> = [];
    for (const url of [direct, proxy.url]) {
      for (const body of sent) {
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body });
        replies.push({ url, status: response.status, type: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) });
      }
    }
    const [directReplies, proxiedReplies] = [replies.slice(0, 2), replies.slice(2)];
    for (const [index, reply] of proxiedReplies.entries()) {
      expect(reply.status).toBe(directReplies[index]!.status);
      expect(reply.type).toBe(directReplies[index]!.type);
      expect(reply.body.equals(directReplies[index]!.body)).toBe(true);
    }
    // The server got the client's garbage as it was sent, both times.
    expect(received.map((body) => body.toString('latin1'))).toEqual([...sent, ...sent].map((body) => body.toString('latin1')));

    await proxy.stop();
    const [session] = savedSessions(dataDir);
    const malformed = session!.entries.filter((entry) => entry.kind === 'malformed').map((entry) => `${entry.direction} ${entry.text ?? entry.raw ?? ''}`);
    expect(malformed).toEqual(expect.arrayContaining(['out not json at all', 'in {not json']));
    expect(session!.entries.some((entry) => entry.direction === 'in' && entry.kind === 'notification' && entry.method === 'notifications/message')).toBe(true);
  });

  it('keeps the client\'s calls going when the app is killed mid-session, and saves the rest of the session itself', async () => {
    const everything = await startEverythingHttp('streamableHttp');
    closers.push(async () => everything.stop());
    const dataDir = newDataDir();
    const core = await startSupervisedCore(dataDir);
    const seen: ProxiedSession[] = [];
    core.subscribe((name, payload) => {
      if (name === 'proxy.sessions.changed') seen.push(payload as ProxiedSession);
    });
    const proxy = await httpProxy(`http://127.0.0.1:${everything.port}/mcp`, dataDir, 'remote-killed');
    const client = await connect(new Client({ name: 'http-client', version: '2.0.0' }), new StreamableHTTPClientTransport(new URL(proxy.url)));
    await waitFor(() => seen.find((session) => session.name === 'remote-killed' && session.client?.info !== undefined), 'the session in the app');
    expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'before' } }))).toBe('Echo: before');

    process.kill(core.pid!, 'SIGKILL');
    for (let call = 0; call < 10; call++) expect(textOf(await client.callTool({ name: 'echo', arguments: { message: `after ${call}` } }))).toBe(`Echo: after ${call}`);
    await client.close();
    await proxy.stop();

    const saved = await waitFor(() => savedSessions(dataDir).find((session) => session.meta.proxied?.name === 'remote-killed'), 'the proxy\'s own saved session');
    expect(saved.entries.some((entry) => entry.kind === 'note' && entry.text?.startsWith('Loupe went away'))).toBe(true);
    const calls = saved.entries.filter((entry) => entry.direction === 'out' && entry.kind === 'request' && entry.method === 'tools/call').map((entry) => JSON.stringify(entry.message));
    for (let call = 0; call < 10; call++) expect(calls.some((text) => text.includes(`after ${call}`))).toBe(true);
  });

  it('keeps passing requests when the data folder cannot be written, and records nothing there', async () => {
    const everything = await startEverythingHttp('streamableHttp');
    closers.push(async () => everything.stop());
    const dataDir = newDataDir();
    // A file where the traffic folder should be (tests run as root, whom modes do not stop).
    writeFileSync(join(dataDir, 'traffic'), 'in the way');
    const proxy = await httpProxy(`http://127.0.0.1:${everything.port}/mcp`, dataDir, 'unwritable');
    const client = await connect(new Client({ name: 'http-client', version: '2.0.0' }), new StreamableHTTPClientTransport(new URL(proxy.url)));
    for (let call = 0; call < 3; call++) expect(textOf(await client.callTool({ name: 'echo', arguments: { message: `unwritable ${call}` } }))).toBe(`Echo: unwritable ${call}`);
    await client.close();
    await proxy.stop();
    expect(savedSessions(dataDir)).toEqual([]);
  });
});
