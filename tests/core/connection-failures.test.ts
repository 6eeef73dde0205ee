import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FailureCode } from '../../shared/connection.js';
import type { TransportType } from '../../shared/server-config.js';
import { freePort, startCore, type TestCore } from './helpers.js';

/** An HTTP server that answers every request with one status. */
async function statusServer(status: number): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'text/plain' });
    response.end(`status ${status}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, server };
}

describe('HTTP connection failures get one clear sentence', () => {
  let test: TestCore;
  const servers: Server[] = [];
  beforeAll(async () => {
    test = await startCore({ initializeTimeoutMs: 5_000 });
  });
  afterAll(async () => {
    await test.core.dispose();
    for (const server of servers) server.close();
  });

  async function connectTo(type: TransportType, url: string) {
    const added = await test.add(`${type} ${url}`, type === 'stdio' ? { type, command: 'x', args: [], env: [] } : { type, url, headers: [] });
    return test.core.handlers['connections.connect']({ serverId: added.id });
  }

  it.each<[number, FailureCode, RegExp]>([
    [404, 'http-not-found', /404 Not Found.*check the URL's path/],
    [401, 'http-unauthorized', /401 Unauthorized.*credentials/],
    [403, 'http-unauthorized', /403 Forbidden/],
    [503, 'http-server-error', /failed with 503 Service Unavailable/],
  ])('HTTP %i', async (status, code, message) => {
    const { url, server } = await statusServer(status);
    servers.push(server);
    for (const type of ['streamable-http', 'sse'] as const) {
      const state = await connectTo(type, url);
      expect(state.status, type).toBe('failed');
      expect(state.failure?.code, type).toBe(code);
      expect(state.failure?.message, type).toMatch(message);
    }
  });

  it('connection refused', async () => {
    const port = await freePort();
    const state = await connectTo('streamable-http', `http://127.0.0.1:${port}/mcp`);
    expect(state.failure?.code).toBe('connection-refused');
    expect(state.failure?.message).toBe(`Connection refused at http://127.0.0.1:${port}/mcp: is the server running and listening on that port?`);
  });

  it('a TLS error (https to a plain HTTP port)', async () => {
    const { url, server } = await statusServer(200);
    servers.push(server);
    const state = await connectTo('streamable-http', url.replace('http://', 'https://'));
    expect(state.failure?.code).toBe('tls-error');
    expect(state.failure?.message).toMatch(/^TLS error connecting to https:/);
  });
});
