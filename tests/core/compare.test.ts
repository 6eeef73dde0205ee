/**
 * Compare (issue 30, item 2): one server connected as two clients, and what it offered each.
 * server-everything (a real server) registers its sampling, elicitation and roots tools only for
 * clients that declare those capabilities; the two-era fixture answers 2026-07-28 clients on the
 * new era and 2025 clients with initialize.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompareSide } from '../../shared/compare.js';
import type { JsonObject } from '../../shared/mcp.js';
import { APP_NODE_COMMAND } from '../../shared/server-config.js';
import { compareSides } from '../../main/core/compare/compare-diff.js';
import { modernServerConfig } from '../fixtures/modern-server-config.js';
import { EVERYTHING_ENTRY, startCore, type TestCore } from './helpers.js';

describe('servers.compare', () => {
  let test: TestCore;

  beforeAll(async () => {
    test = await startCore();
  });
  afterAll(async () => {
    await test?.core.dispose();
  });

  it('connects server-everything as Claude Desktop and as VS Code, and finds the tools only VS Code was offered', async () => {
    const server = await test.add('Everything', { type: 'stdio', command: APP_NODE_COMMAND, args: [EVERYTHING_ENTRY, 'stdio'], env: [] });
    const result = await test.core.handlers['servers.compare']({ serverId: server.id, a: 'claude-desktop', b: 'vscode' });
    const [desktop, vscode] = result.sides;
    expect(desktop.failure).toBeUndefined();
    expect(vscode.failure).toBeUndefined();
    expect(desktop.clientInfo).toEqual({ name: 'claude-ai', version: '0.1.0' });
    expect(vscode.clientInfo.name).toBe('Visual Studio Code');
    const names = (tools: unknown[] | undefined) => (tools ?? []).map((tool) => (tool as { name: string }).name);
    expect(names(desktop.lists?.tools)).toContain('echo');
    expect(names(desktop.lists?.tools)).not.toContain('trigger-sampling-request');
    expect(names(vscode.lists?.tools)).toContain('trigger-sampling-request');

    const onlyB = result.differences.filter((difference) => difference.kind === 'only-b').map((difference) => difference.subject);
    expect(onlyB).toEqual(expect.arrayContaining(['tool trigger-sampling-request', 'tool trigger-elicitation-request', 'tool get-roots-list']));
    expect(result.differences.filter((difference) => difference.kind === 'only-a')).toEqual([]);
    expect(result.differences).toContainEqual(
      expect.objectContaining({ kind: 'only-b', subject: 'tool get-roots-list', message: 'Only VS Code was offered the tool "get-roots-list".' }),
    );

    // The server's own connection was never made, and both sessions' traffic is in the log, marked.
    expect((await test.core.handlers['connections.list']()).find((state) => state.serverId === server.id)?.status ?? 'idle').toBe('idle');
    const traffic = await test.traffic(server.id);
    for (const [which, side] of [['A', desktop], ['B', vscode]] as const) {
      const entries = traffic.filter((entry) => entry.connectionId === side.connectionId);
      expect(entries[0]?.text).toBe(`Compare, side ${which}: a temporary session presenting as ${side.label}; it closes when the comparison is done.`);
      const initialize = entries.find((entry) => entry.direction === 'out' && entry.method === 'initialize')?.message as { params: { clientInfo: unknown; capabilities: unknown } };
      expect(initialize.params.clientInfo).toEqual(side.clientInfo);
      // Each side tells the capabilities its client declared: they explain what it was offered.
      expect(side.clientCapabilities).toEqual(initialize.params.capabilities);
    }
  });

  it('leaves the server\'s own connection alone, and tells the protocol version each client got from the two-era fixture', async () => {
    const server = await test.core.handlers['servers.add'](modernServerConfig('Two eras'));
    const own = await test.core.handlers['connections.connect']({ serverId: server.id });
    expect(own.status).toBe('connected');
    const result = await test.core.handlers['servers.compare']({ serverId: server.id, a: 'saved', b: 'cursor' });
    const [saved, cursor] = result.sides;
    expect(saved.label).toBe('MCP Loupe (saved)');
    expect(saved.server?.protocolVersion).toBe('2026-07-28');
    expect(cursor.server?.protocolVersion).toBe('2025-11-25');
    expect(result.differences).toContainEqual({
      kind: 'differs',
      subject: 'server',
      path: '/protocolVersion',
      message: 'The protocol version differs: "2026-07-28" as MCP Loupe (saved), "2025-11-25" as Cursor.',
    });
    const after = (await test.core.handlers['connections.list']()).find((state) => state.serverId === server.id);
    expect(after).toMatchObject({ status: 'connected', connectionId: own.connectionId });

    // Every entry of the two sessions is marked with its side, and neither becomes the server's
    // newest connection: the log without "Preserve log" still shows the server's own.
    const traffic = await test.traffic(server.id);
    for (const [which, side] of [['A', saved], ['B', cursor]] as const) {
      const entries = traffic.filter((entry) => entry.connectionId === side.connectionId);
      expect(entries.length).toBeGreaterThan(2);
      expect(entries.every((entry) => entry.compare === which)).toBe(true);
    }
    expect(traffic.filter((entry) => entry.connectionId === own.connectionId).every((entry) => entry.compare === undefined)).toBe(true);
    await test.core.handlers['tools.list']({ serverId: server.id, force: true });
    const latest = await test.core.handlers['traffic.list']({ beforeSeq: Number.MAX_SAFE_INTEGER, filter: { text: 'method:tools/list', latestOnly: true } });
    const connectionsShown = new Set(latest.entries.filter((entry) => entry.serverId === server.id).map((entry) => entry.connectionId));
    expect([...connectionsShown]).toEqual([own.connectionId]);
  });

  it('says in one sentence why a side did not connect, and compares nothing', async () => {
    const server = await test.add('Missing', { type: 'stdio', command: '/nonexistent/loupe-no-such-server', args: [], env: [] });
    const result = await test.core.handlers['servers.compare']({ serverId: server.id, a: 'loupe', b: 'chatgpt' });
    expect(result.sides[0].failure).toMatch(/\S/);
    expect(result.sides[1].failure).toMatch(/\S/);
    expect(result.differences).toEqual([]);
  });
});

describe('the differences between two sides', () => {
  const side = (label: string, tool: Record<string, unknown>, capabilities: Record<string, unknown>): CompareSide => ({
    client: 'loupe',
    label,
    clientInfo: { name: label, version: '1' },
    clientCapabilities: {},
    connectionId: label,
    server: { name: 's', version: '1', protocolVersion: '2025-11-25', era: 'legacy' },
    capabilities: capabilities as JsonObject,
    lists: { tools: [tool as JsonObject], resources: [], resourceTemplates: [], prompts: [] },
    problems: [],
  });

  it('names a tool whose description and schema differ, and a capability only one side got', () => {
    const a = side('Alpha', { name: 'search', description: 'Finds things.', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }, { tools: {}, logging: {} });
    const b = side('Beta', { name: 'search', description: 'Finds things fast.', inputSchema: { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'number' } }, required: ['limit'] } }, { tools: {} });
    const differences = compareSides(a, b);
    expect(differences).toContainEqual({ kind: 'only-a', subject: 'capability logging', path: '/logging', message: 'Only Alpha was offered the "logging" capability.' });
    expect(differences).toContainEqual(expect.objectContaining({ kind: 'differs', subject: 'tool search', path: '/description' }));
    expect(differences).toContainEqual(expect.objectContaining({ kind: 'differs', subject: 'tool search', path: '/inputSchema/properties/limit', message: expect.stringContaining('new required argument "limit"') }));
    expect(differences.filter((difference) => difference.kind === 'only-b')).toEqual([]);
  });
});
