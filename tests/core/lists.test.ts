import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListChange } from '../../shared/lists.js';
import type { TrafficEntry } from '../../shared/traffic.js';
import { eventsNamed, fixture, startCore, type TestCore } from './helpers.js';

const require = createRequire(import.meta.url);
const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((test) => test.core.dispose()));
});

function requestsOf(entries: TrafficEntry[], method: string): TrafficEntry[] {
  return entries.filter((entry) => entry.kind === 'request' && entry.direction === 'out' && entry.method === method);
}

async function until<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function connectedFixture() {
  const test = await startCore();
  cores.push(test);
  const server = await test.add('fixture', fixture());
  await test.core.handlers['connections.connect']({ serverId: server.id });
  return { test, serverId: server.id };
}

function loaded(test: TestCore, serverId: string, name: ListChange['name'], has: (names: string[]) => boolean) {
  return until(async () => {
    const [lists] = await test.core.handlers['lists.get']({ serverId });
    const list = lists?.lists[name];
    const names = (list?.items ?? []).map((item) => (item as { name: string }).name);
    return list?.status === 'loaded' && has(names) ? list : undefined;
  }, `the ${name} list`);
}

describe('the core owns each connection’s lists', () => {
  it('a list the server answers with "method not found" is not offered, not failed (issue 24: a red error for templates)', async () => {
    const test = await startCore();
    cores.push(test);
    const server = await test.add('fixture', fixture('--no-templates'));
    await test.core.handlers['connections.connect']({ serverId: server.id });
    await test.core.handlers['lists.refresh']({ serverId: server.id, name: 'resourceTemplates' }).catch(() => undefined);
    const templates = await until(async () => {
      const [lists] = await test.core.handlers['lists.get']({ serverId: server.id });
      const list = lists?.lists.resourceTemplates;
      return list && list.status !== 'idle' && list.status !== 'loading' ? list : undefined;
    }, 'the templates list');
    expect(templates).toMatchObject({ status: 'unsupported', error: 'The server does not answer resources/templates/list (method not found), so it offers none.' });
    // The answer itself stays on the record.
    const answer = (await test.traffic(server.id)).find((entry) => entry.kind === 'error' && entry.method === 'resources/templates/list');
    expect(answer?.errorCode).toBe(-32601);
  });

  it('loads the lists on connect, and a burst of list_changed for tools and prompts causes one reload each', async () => {
    const { test, serverId } = await connectedFixture();
    await loaded(test, serverId, 'tools', (names) => names.includes('echo'));
    await loaded(test, serverId, 'prompts', (names) => names.includes('semem-summarize'));
    const before = await test.traffic(serverId);
    expect(requestsOf(before, 'tools/list')).toHaveLength(1);
    expect(requestsOf(before, 'prompts/list')).toHaveLength(1);

    await test.core.handlers['tools.call']({ serverId, name: 'change-lists', arguments: { burst: 5 }, callId: 'change' });
    const tools = await loaded(test, serverId, 'tools', (names) => names.includes('added-1'));
    const prompts = await loaded(test, serverId, 'prompts', (names) => names.includes('added-prompt-1'));
    expect(tools.changedAt).toBeDefined();
    expect(prompts.changedAt).toBeDefined();
    // Five notifications of each, debounced into one fetch each.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const after = await test.traffic(serverId);
    expect(after.filter((entry) => entry.method === 'notifications/tools/list_changed')).toHaveLength(5);
    expect(requestsOf(after, 'tools/list')).toHaveLength(2);
    expect(requestsOf(after, 'prompts/list')).toHaveLength(2);

    // The window learns of every step by lists.changed, each with a higher revision.
    const toolChanges = eventsNamed(test, 'lists.changed').filter((change) => change.serverId === serverId && change.name === 'tools');
    const revisions = toolChanges.map((change) => change.state.revision);
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(toolChanges.at(-1)?.state.items.map((tool) => tool.name)).toContain('added-1');
  });

  it('refresh asks the server again; a server that has gone is named in the error', async () => {
    const { test, serverId } = await connectedFixture();
    await loaded(test, serverId, 'tools', (names) => names.length > 0);
    const refreshed = await test.core.handlers['lists.refresh']({ serverId, name: 'tools', force: true });
    expect(refreshed.status).toBe('loaded');
    expect(requestsOf(await test.traffic(serverId), 'tools/list')).toHaveLength(2);
    // A server gone from under its lists: refreshing says so in a sentence.
    await test.core.handlers['tools.call']({ serverId, name: 'crash', arguments: {}, callId: 'crash' }).catch(() => undefined);
    await until(async () => ((await test.core.handlers['connections.list']()).find((state) => state.serverId === serverId)?.status === 'exited' ? true : undefined), 'the exit');
    await expect(test.core.handlers['lists.refresh']({ serverId, name: 'prompts' })).rejects.toThrow(/not connected/i);
  });

  it('sends no request for a list whose capability the server did not announce', async () => {
    const test = await startCore();
    cores.push(test);
    // server-filesystem announces tools only.
    const server = await test.add('fs', { type: 'stdio', command: process.execPath, args: [require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js'), test.dataDir], env: [] });
    await test.core.handlers['connections.connect']({ serverId: server.id });
    await loaded(test, server.id, 'tools', (names) => names.length > 0);
    const [lists] = await test.core.handlers['lists.get']({ serverId: server.id });
    expect(lists?.lists.prompts.status).toBe('unsupported');
    expect(lists?.lists.resources.status).toBe('unsupported');
    const traffic = await test.traffic(server.id);
    expect(requestsOf(traffic, 'prompts/list')).toHaveLength(0);
    expect(requestsOf(traffic, 'resources/list')).toHaveLength(0);
  });
});
