import { dispatchRequest } from '../../main/core/dispatch.js';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
import { parseTrafficJsonl } from '../../shared/traffic-jsonl.js';
import { EVERYTHING_ENTRY, eventsNamed, startCore, waitFor, type TestCore, exportedText } from './helpers.js';

const EVERYTHING_2025 = createRequire(import.meta.url).resolve('server-everything-2025/dist/index.js');

describe('server-everything 2025.9.25: paginated resources, templates, prompts, completion', () => {
  let test: TestCore;
  let server: ServerConfig;
  beforeAll(async () => {
    test = await startCore();
    server = await test.add('everything 2025', { type: 'stdio', command: process.execPath, args: [EVERYTHING_2025, 'stdio'], env: [] });
    await test.core.handlers['connections.connect']({ serverId: server.id });
  });
  afterAll(() => test.core.dispose());

  it('follows nextCursor through all 100 resources in 10 pages', async () => {
    const list = await test.core.handlers['resources.list']({ serverId: server.id });
    expect(list.items).toHaveLength(100);
    expect(list.pages).toBe(10);
    expect(new Set(list.items.map((r) => r.uri)).size).toBe(100);
    const cursorRequests = (await test.traffic(server.id)).filter(
      (e) => e.method === 'resources/list' && e.kind === 'request' && (e.message as { params?: { cursor?: string } }).params?.cursor,
    );
    expect(cursorRequests).toHaveLength(9);
  });

  it('reads a resource and completes a template variable', async () => {
    const read = await test.core.handlers['resources.read']({ serverId: server.id, uri: 'test://static/resource/1' });
    expect(read.violations).toEqual([]);
    expect((read.result as { contents: Array<{ text: string }> }).contents[0]?.text).toContain('Resource 1');

    const [template] = (await test.core.handlers['resources.templates']({ serverId: server.id })).items;
    expect(template?.uriTemplate).toBe('test://static/resource/{id}');
    const completion = await test.core.handlers['completion.complete']({
      serverId: server.id,
      ref: { type: 'ref/resource', uri: template!.uriTemplate },
      argument: { name: 'id', value: '1' },
    });
    expect((completion.result as { completion: { values: string[] } }).completion.values).toContain('1');
  });

  it('lists prompts with their arguments and gets one', async () => {
    const prompts = await test.core.handlers['prompts.list']({ serverId: server.id });
    const complex = prompts.items.find((p) => p.name === 'complex_prompt');
    expect(complex?.arguments.find((a) => a.name === 'temperature')?.required).toBe(true);
    const got = await test.core.handlers['prompts.get']({ serverId: server.id, name: 'complex_prompt', arguments: { temperature: '0.5', style: 'terse' } });
    expect(got.violations).toEqual([]);
    expect((got.result as { messages: unknown[] }).messages.length).toBeGreaterThan(1);
  });

  it('sets the logging level and pings', async () => {
    const level = await test.core.handlers['logging.setLevel']({ serverId: server.id, level: 'debug' });
    expect(level.failure).toBeUndefined();
    // A level outside the spec never reaches the server: the contract's schema refuses it at dispatch.
    const loud = await dispatchRequest(test.core.handlers, 'logging.setLevel', { serverId: server.id, level: 'loud' });
    expect(loud).toMatchObject({ ok: false, error: { code: 'invalid-params', message: expect.stringContaining('"level": Invalid option: expected one of "debug"') } });
    const ping = await test.core.handlers['ping.send']({ serverId: server.id });
    expect(ping.failure).toBeUndefined();
    expect(ping.durationMs).toBeGreaterThan(0);
  });
});

describe('server-everything 2026.8.31: progress, roots, export', () => {
  let test: TestCore;
  let server: ServerConfig;
  beforeAll(async () => {
    test = await startCore();
    server = await test.add('everything', {
      type: 'stdio',
      command: process.execPath,
      args: [EVERYTHING_ENTRY, 'stdio'],
      env: [{ key: 'LOUPE_TEST_TOKEN', value: 'sk-very-secret-value', secret: true }],
    });
    await test.core.handlers['connections.connect']({ serverId: server.id });
  });
  afterAll(() => test.core.dispose());

  it('emits progress for every recorded notifications/progress of a call, the last one included', async () => {
    const outcome = await test.core.handlers['tools.call']({
      serverId: server.id,
      name: 'trigger-long-running-operation',
      arguments: { duration: 1, steps: 4 },
      callId: 'long-1',
    });
    expect(outcome.failure).toBeUndefined();
    const recorded = (await test.traffic(server.id)).filter((e) => e.method === 'notifications/progress');
    const progress = eventsNamed(test, 'calls.progress').filter((p) => p.callId === 'long-1');
    expect(recorded).toHaveLength(4);
    expect(progress.map((p) => p.seq)).toEqual(recorded.map((e) => e.seq));
    expect(progress.at(-1)).toMatchObject({ serverId: server.id, progress: 4, total: 4 });
  });

  it('answers roots/list from the server config and announces changes', async () => {
    await test.core.handlers['roots.set']({ serverId: server.id, roots: [{ uri: 'file:///tmp/project', name: 'Project' }] });
    await waitFor(async () => {
      const entries = await test.traffic(server.id);
      const changed = entries.find((e) => e.method === 'notifications/roots/list_changed');
      // The server asks again after the notification; wait until we have answered it.
      return changed && entries.find((e) => e.seq > changed.seq && e.method === 'roots/list' && e.kind === 'response' && e.direction === 'out');
    }, 'the roots/list that follows roots/list_changed');
    const outcome = await test.core.handlers['tools.call']({ serverId: server.id, name: 'get-roots-list', arguments: {}, callId: 'roots-1' });
    expect(JSON.stringify(outcome.result)).toContain('file:///tmp/project');
    await expect(test.core.handlers['roots.set']({ serverId: server.id, roots: [{ uri: 'not a uri' }] })).rejects.toThrow(/not a valid URI/);
  });

  it('exports entries as JSON Lines with secret values redacted', async () => {
    const outcome = await test.core.handlers['tools.call']({ serverId: server.id, name: 'get-env', arguments: {}, callId: 'env-1' });
    expect(JSON.stringify(outcome.result)).toContain('sk-very-secret-value');
    const exported = await exportedText(test.core);
    expect(exported).not.toContain('sk-very-secret-value');
    expect(exported).toContain('[redacted]');
    const parsed = parseTrafficJsonl(exported);
    expect(parsed.errors).toEqual([]);
    expect(parsed.entries.length).toBe((await test.traffic()).length);
  });

  it('stops recording while paused, and the session goes on', async () => {
    const before = (await test.traffic()).length;
    await test.core.handlers['traffic.settings']({ recording: false });
    const outcome = await test.core.handlers['tools.call']({ serverId: server.id, name: 'echo', arguments: { message: 'quiet' }, callId: 'q' });
    expect(outcome.result).toEqual({ content: [{ type: 'text', text: 'Echo: quiet' }] });
    expect((await test.traffic()).length).toBe(before);
    expect(await test.core.handlers['traffic.settings']({ recording: true })).toEqual({ recording: true, maxEntries: 200_000, diskBudgetBytes: 1024 * 1024 * 1024 });
  });
});
