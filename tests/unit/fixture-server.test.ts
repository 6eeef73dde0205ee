import { afterAll, describe, it } from 'vitest';
import { RawStdioClient, tryParse } from '../fixtures/raw-stdio-client.js';

const clients: RawStdioClient[] = [];

function start(flags: string[] = []): RawStdioClient {
  const client = RawStdioClient.startFixture(flags);
  clients.push(client);
  return client;
}

async function started(flags: string[] = []): Promise<RawStdioClient> {
  const client = start(flags);
  await client.initialize();
  return client;
}

// The tests run concurrently (hence `expect` from each test's context), so servers are stopped once at the end rather than after each test.
afterAll(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

describe.concurrent('fixture server', () => {
  it('prints its banner first, as a line that is not JSON, then answers initialize', async ({ expect }) => {
    const client = start(['--banner', 'Fixture server v1 starting…']);
    const response = await client.initialize();

    expect(client.stdoutLines[0]).toBe('Fixture server v1 starting…');
    expect(tryParse(client.stdoutLines[0] ?? '')).toBeUndefined();
    expect(response.result).toMatchObject({
      protocolVersion: '2025-11-25',
      serverInfo: { name: 'loupe-fixture-server' },
      capabilities: { tools: { listChanged: true } },
    });
  });

  it('echoes a supported requested version, answers others with its own, and obeys --protocol-version', async ({ expect }) => {
    const [older, unknown, forced] = await Promise.all([
      start().initialize('2024-11-05'),
      start().initialize('2099-01-01'),
      start(['--protocol-version', '1999-01-01']).initialize(),
    ]);
    expect(older.result?.protocolVersion).toBe('2024-11-05');
    expect(unknown.result?.protocolVersion).toBe('2025-11-25');
    expect(forced.result?.protocolVersion).toBe('1999-01-01');
  });

  it('answers echo', async ({ expect }) => {
    const client = await started();
    const response = await client.request('tools/call', { name: 'echo', arguments: { message: 'hello' } });
    expect(response.result).toEqual({ content: [{ type: 'text', text: 'Echo: hello' }] });
  });

  it('answers batch-notify with one line holding a batch of two notifications and the response', async ({ expect }) => {
    const client = await started();
    const id = client.send('tools/call', { name: 'batch-notify', arguments: {} });
    const line = await client.lineHoldingResponse(id);

    const batch = JSON.parse(line) as Array<{ method?: string; id?: number; result?: unknown }>;
    expect(Array.isArray(batch)).toBe(true);
    expect(batch).toHaveLength(3);
    expect(batch.slice(0, 2).map((message) => message.method)).toEqual([
      'notifications/message',
      'notifications/message',
    ]);
    expect(batch[2]).toMatchObject({ id, result: { content: [{ type: 'text' }] } });
  });

  it('exits with code 3 in the middle of a crash call, without replying', async ({ expect }) => {
    const client = await started();
    const id = client.send('tools/call', { name: 'crash', arguments: {} });

    const end = await client.ended;
    expect(end.code).toBe(3);
    expect(client.stderrLines).toContain('about to crash');
    expect(client.stdoutLines.some((line) => (tryParse(line) as { id?: unknown } | undefined)?.id === id)).toBe(false);
  });

  it('exits with the given code before answering initialize, after writing to stderr', async ({ expect }) => {
    const client = start(['--exit-before-initialize', '7']);
    const id = client.send('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } });

    expect((await client.ended).code).toBe(7);
    expect(client.stderrLines.length).toBeGreaterThanOrEqual(2);
    expect(client.stdoutLines.some((line) => line.includes(`"id":${id}`))).toBe(false);
  });

  it('returns semem-result content as a plain string', async ({ expect }) => {
    const client = await started();
    const response = await client.request('tools/call', { name: 'semem-result', arguments: {} });
    expect(response.result).toEqual({ success: true, content: 'plain string' });
  });

  it('paginates 1,000 generated tools in pages of 100 with nextCursor', async ({ expect }) => {
    const client = await started(['--many-tools', '1000']);
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const response = await client.request('tools/list', cursor === undefined ? {} : { cursor });
      const result = response.result as { tools: Array<{ name: string }>; nextCursor?: string };
      expect(result.tools.length).toBeLessThanOrEqual(100);
      names.push(...result.tools.map((tool) => tool.name));
      cursor = result.nextCursor;
      pages++;
    } while (cursor !== undefined);

    expect(pages).toBeGreaterThan(10);
    expect(names).toContain('tool-0001');
    expect(names).toContain('tool-1000');
    expect(new Set(names).size).toBe(names.length);
  });

  it('lists two tools named echo with --duplicate-tools', async ({ expect }) => {
    const client = await started(['--duplicate-tools']);
    const response = await client.request('tools/list');
    const tools = (response.result as { tools: Array<{ name: string }> }).tools;
    expect(tools.filter((tool) => tool.name === 'echo')).toHaveLength(2);
  });

  it('sends progress for slow and stops without replying when cancelled', async ({ expect }) => {
    const client = await started();
    const id = client.send('tools/call', { name: 'slow', arguments: { ms: 5000 }, _meta: { progressToken: 'p1' } });
    const progress = JSON.parse(await client.waitForLine((line) => line.includes('notifications/progress'))) as {
      params: { progressToken: string; total: number };
    };
    expect(progress.params).toMatchObject({ progressToken: 'p1', total: 5000 });

    client.notify('notifications/cancelled', { requestId: id, reason: 'test' });
    const after = await client.request('ping');
    expect(after.result).toEqual({});
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(client.stdoutLines.some((line) => (tryParse(line) as { id?: unknown } | undefined)?.id === id)).toBe(false);
  });

  it('prints a non-JSON line between two responses with --stdout-noise', async ({ expect }) => {
    const client = await started(['--stdout-noise']);
    await client.request('ping');
    await client.request('ping');
    const json = client.stdoutLines.map(tryParse);
    const noiseAt = json.indexOf(undefined);
    expect(noiseAt).toBeGreaterThan(0);
    expect(noiseAt).toBeLessThan(client.stdoutLines.length - 1);
  });

  it('fails prompts/get and unknown methods with JSON-RPC errors', async ({ expect }) => {
    const client = await started();
    const prompts = await client.request('prompts/list');
    const prompt = (prompts.result as { prompts: Array<{ name: string; arguments: Array<Record<string, unknown>> }> })
      .prompts[0];
    expect(prompt?.arguments[0]).toHaveProperty('type');

    const rendered = await client.request('prompts/get', { name: prompt?.name ?? '', arguments: { topic: 'x' } });
    expect(rendered.error).toEqual({ code: -32603, message: 'Internal error: prompt rendering failed' });
    expect((await client.request('no/such/method')).error?.code).toBe(-32601);
  });
});
