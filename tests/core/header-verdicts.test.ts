import { afterEach, describe, expect, it } from 'vitest';
import type { KeyValue } from '../../shared/server-config.js';
import type { TrafficEntry } from '../../shared/traffic.js';
import { startModernHttpServer } from '../fixtures/modern-server-config.js';
import { startCore, type TestCore } from './helpers.js';

const stops: Array<() => unknown> = [];
afterEach(async () => {
  while (stops.length > 0) await stops.pop()!();
});

async function connectModern(flags: string[] = [], headers: KeyValue[] = []): Promise<{ test: TestCore; serverId: string }> {
  const http = await startModernHttpServer(flags);
  stops.push(() => http.stop());
  const test = await startCore();
  stops.push(() => test.core.dispose());
  const server = await test.core.handlers['servers.add']({ name: 'modern', transport: { type: 'streamable-http', url: http.url, headers } });
  const state = await test.core.handlers['connections.connect']({ serverId: server.id });
  expect(state.server?.era).toBe('modern');
  await test.core.handlers['tools.list']({ serverId: server.id, force: true });
  return { test, serverId: server.id };
}

/** The `http` entry of the POST that carried a tools/call of `tool`, and the call's JSON-RPC request. */
async function callEntries(test: TestCore, serverId: string, tool: string): Promise<{ http: TrafficEntry; request: TrafficEntry }> {
  const traffic = await test.traffic(serverId);
  const request = traffic.findLast((entry) => entry.kind === 'request' && entry.method === 'tools/call' && (entry.message as { params: { name: string } }).params.name === tool)!;
  const http = traffic.findLast((entry) => entry.kind === 'http' && entry.http?.requestHeaders['mcp-method'] === 'tools/call' && entry.http.requestHeaders['mcp-name'] === tool)!;
  return { http, request: (await test.core.handlers['traffic.get']({ seq: request.seq }))! };
}

describe('header verdicts on 2026-07-28 Streamable HTTP', () => {
  it('mirrors a declared argument in Mcp-Param-*, and judges every request ✓ when headers match the body', async () => {
    const { test, serverId } = await connectModern();
    const outcome = await test.core.handlers['tools.call']({ serverId, name: 'forecast', arguments: { region: 'eu', days: 2 }, callId: 'f1' });
    expect(outcome.failure).toBeUndefined();
    const { http, request } = await callEntries(test, serverId, 'forecast');
    expect(request.httpHeaders?.['mcp-param-region']).toBe('eu');
    expect(http.headerVerdict).toEqual({
      ok: true,
      sentence: '✓ MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-Region match the body.',
      problems: [],
      checked: ['MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name', 'Mcp-Param-Region'],
    });
    expect(request.headerVerdict).toEqual(http.headerVerdict);
    const verdicts = (await test.traffic(serverId)).filter((entry) => entry.headerVerdict);
    expect(verdicts.length).toBeGreaterThan(2);
    expect(verdicts.every((entry) => entry.headerVerdict!.ok)).toBe(true);
  });

  it('shows a request whose header disagrees with its body, and the server refusing it as required', async () => {
    const { test, serverId } = await connectModern([], [{ key: 'Mcp-Param-Region', value: 'us' }]);
    const outcome = await test.core.handlers['tools.call']({ serverId, name: 'forecast', arguments: { region: 'eu' }, callId: 'f2' });
    expect(outcome.failure?.code).toBe(-32020);
    const { http } = await callEntries(test, serverId, 'forecast');
    expect(http.http?.status).toBe(400);
    expect(http.headerVerdict).toMatchObject({ ok: false, side: 'request', sentence: 'Mcp-Param-Region says "us" but the body\'s arguments.region is "eu".' });
  });

  it('blames the reply when a gateway in front of the server drops the headers Loupe sent', async () => {
    const { test, serverId } = await connectModern(['--drop-param-headers']);
    await test.core.handlers['tools.call']({ serverId, name: 'forecast', arguments: { region: 'eu' }, callId: 'f3' });
    const { http, request } = await callEntries(test, serverId, 'forecast');
    expect(request.httpHeaders?.['mcp-param-region']).toBe('eu');
    expect(http.headerVerdict).toMatchObject({
      ok: false,
      side: 'reply',
      sentence: 'The server answered 400 HeaderMismatch (-32020) although MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-Region match the body.',
    });
  });
});
