import { readdirSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client, SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProxiedSession } from '../../shared/proxy.js';
import { eventsNamed, startCore, startEverythingHttp, waitFor } from '../core/helpers.js';
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
