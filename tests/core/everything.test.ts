import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransportConfig } from '../../shared/server-config.js';
import { DEMO_SERVER_NAME } from '../../main/core/config/default-servers.js';
import { startCore, startEverythingHttp, type TestCore } from './helpers.js';

/** The checks every transport must pass against the real server-everything. */
async function exerciseEverything(test: TestCore, serverId: string) {
  const state = await test.core.handlers['connections.connect']({ serverId });
  expect(state.failure).toBeUndefined();
  expect(state.status).toBe('connected');
  expect(state.server?.name).toBe('mcp-servers/everything');
  expect(state.server?.protocolVersion).toBe('2025-11-25');
  expect(state.server?.capabilities).toHaveProperty('tools');

  const tools = await test.core.handlers['tools.list']({ serverId });
  const names = tools.items.map((tool) => tool.name);
  expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'trigger-long-running-operation']));
  expect(tools.violations).toEqual([]);

  const outcome = await test.core.handlers['tools.call']({ serverId, name: 'echo', arguments: { message: 'hello' }, callId: 'call-1' });
  expect(outcome.failure).toBeUndefined();
  expect(outcome.result).toEqual({ content: [{ type: 'text', text: 'Echo: hello' }] });
  expect(outcome.responseSize).toBeGreaterThan(0);

  const traffic = await test.traffic(serverId);
  const initRequest = traffic.find((e) => e.kind === 'request' && e.method === 'initialize' && e.direction === 'out');
  const initResponse = traffic.find((e) => e.kind === 'response' && e.direction === 'in' && e.id === initRequest?.id);
  expect(initRequest).toBeDefined();
  expect(initResponse?.requestSeq).toBe(initRequest?.seq);
  expect(traffic.some((e) => e.kind === 'notification' && e.method === 'notifications/initialized' && e.direction === 'out')).toBe(true);

  const callRequest = traffic.find((e) => e.kind === 'request' && e.method === 'tools/call');
  const callResponse = traffic.find((e) => e.kind === 'response' && e.method === 'tools/call');
  expect(callRequest?.id).toBe(outcome.rpcId);
  expect(callResponse?.id).toBe(callRequest?.id);
  expect(callResponse?.requestSeq).toBe(callRequest?.seq);
  expect((callRequest?.message as { params: { name: string } }).params.name).toBe('echo');

  const seqs = traffic.map((e) => e.seq);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));

  const disconnected = await test.core.handlers['connections.disconnect']({ serverId });
  expect(disconnected.status).toBe('disconnected');
}

describe('server-everything over stdio (the embedded demo)', () => {
  let test: TestCore;
  beforeAll(async () => {
    test = await startCore();
  });
  afterAll(() => test.core.dispose());

  it('is configured on first run and works end to end', async () => {
    const servers = await test.core.handlers['servers.list']();
    expect(servers.map((s) => s.name)).toEqual([DEMO_SERVER_NAME]);
    await exerciseEverything(test, servers[0]!.id);
  });

  it('records stderr lines as entries', async () => {
    const entries = await test.traffic();
    expect(entries.some((e) => e.kind === 'stderr' && typeof e.text === 'string' && e.text.length > 0)).toBe(true);
  });
});

describe.each([
  ['Streamable HTTP', 'streamableHttp', 'streamable-http', '/mcp'],
  ['SSE', 'sse', 'sse', '/sse'],
] as const)('server-everything over %s', (_label, mode, type, path) => {
  let test: TestCore;
  let server: Awaited<ReturnType<typeof startEverythingHttp>>;
  beforeAll(async () => {
    [test, server] = await Promise.all([startCore(), startEverythingHttp(mode)]);
  });
  afterAll(async () => {
    await test.core.dispose();
    server.stop();
  });

  it('connects, lists tools, calls echo and records the traffic', async () => {
    const transport: TransportConfig = { type, url: `http://127.0.0.1:${server.port}${path}`, headers: [] };
    const added = await test.add(`everything ${type}`, transport);
    await exerciseEverything(test, added.id);
  });
});
