import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findClientPreset } from '../../shared/client-emulation.js';
import type { TrafficEntry } from '../../shared/traffic.js';
import { modernServerConfig } from '../fixtures/modern-server-config.js';
import { startCore, type TestCore } from './helpers.js';

const sent = (traffic: TrafficEntry[], method: string) =>
  traffic.find((entry) => entry.direction === 'out' && entry.kind === 'request' && entry.method === method)?.message as
    | { params: Record<string, unknown> }
    | undefined;

describe('client emulation against the two-era fixture', () => {
  let test: TestCore;

  beforeAll(async () => {
    test = await startCore();
  });
  afterAll(async () => {
    await test?.core.dispose();
  });

  it('presents Claude Desktop as it presents itself: its clientInfo, capabilities and revision, with initialize only', async () => {
    const desktop = findClientPreset('claude-desktop')!;
    const server = await test.core.handlers['servers.add']({ ...modernServerConfig('as-desktop'), client: { preset: 'claude-desktop' } });
    const state = await test.core.handlers['connections.connect']({ serverId: server.id });
    expect(state.failure).toBeUndefined();
    expect(state.server).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
    const traffic = await test.traffic(server.id);
    expect(sent(traffic, 'server/discover')).toBeUndefined();
    expect(sent(traffic, 'initialize')?.params).toEqual({ protocolVersion: '2025-11-25', capabilities: desktop.capabilities, clientInfo: desktop.clientInfo });
  });

  it('presents Claude Code on 2026-07-28: its clientInfo and capabilities travel in each request\'s _meta', async () => {
    const code = findClientPreset('claude-code')!;
    const server = await test.core.handlers['servers.add']({ ...modernServerConfig('as-claude-code'), client: { preset: 'claude-code' } });
    const state = await test.core.handlers['connections.connect']({ serverId: server.id });
    expect(state.server).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28' });
    await test.core.handlers['tools.list']({ serverId: server.id, force: true });
    const meta = sent(await test.traffic(server.id), 'tools/list')?.params._meta as Record<string, unknown>;
    expect(meta['io.modelcontextprotocol/clientInfo']).toEqual(code.clientInfo);
    expect(meta['io.modelcontextprotocol/clientCapabilities']).toEqual(code.capabilities);
  });

  it('takes a custom client, and says which setting a live connection does not use yet', async () => {
    const custom = { clientInfo: { name: 'my-agent', version: '9.9' }, capabilities: { roots: {} }, protocolVersions: ['2025-06-18'] };
    const server = await test.core.handlers['servers.add']({ ...modernServerConfig('custom'), client: { custom } });
    const state = await test.core.handlers['connections.connect']({ serverId: server.id });
    expect(state.server?.protocolVersion).toBe('2025-06-18');
    expect(sent(await test.traffic(server.id), 'initialize')?.params).toMatchObject({ protocolVersion: '2025-06-18', clientInfo: custom.clientInfo, capabilities: custom.capabilities });
    await test.core.handlers['servers.update']({ id: server.id, config: { ...modernServerConfig('custom'), client: { preset: 'cursor' } } });
    const [after] = (await test.core.handlers['connections.list']()).filter((s) => s.serverId === server.id);
    expect(after?.settingsChanged).toContain('client emulation');
  });

  it('refuses a bad client setting with one sentence', async () => {
    await expect(test.core.handlers['servers.add']({ ...modernServerConfig('bad'), client: { preset: 'netscape' } } as never)).rejects.toThrow(
      'Unknown client preset "netscape": use claude-desktop, claude-code, vscode, cursor, chatgpt.',
    );
    await expect(test.core.handlers['servers.add']({ ...modernServerConfig('bad', 'modern'), client: { preset: 'cursor' } })).rejects.toThrow(/does not speak 2026-07-28/);
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < 20; level++) deep = { nested: deep };
    await expect(
      test.core.handlers['servers.add']({ ...modernServerConfig('bad'), client: { custom: { clientInfo: { name: 'x', version: '1' }, capabilities: deep, protocolVersions: ['2025-06-18'] } } }),
    ).rejects.toThrow(/nest more than 16 levels/);
  });

});
