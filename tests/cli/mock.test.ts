import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, ProtocolError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EVERYTHING_ENTRY, startCore, waitFor } from '../core/helpers.js';
import { serializeTrafficEntries } from '../../shared/traffic-jsonl.js';
import { CLI, newDataDir, savedSessions, sdkClient, startRaw } from './proxy-helpers.js';

const EVERYTHING = [process.execPath, EVERYTHING_ENTRY, 'stdio'];
const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close().catch(() => undefined)));
});

/** What the client does in the recorded session, and again against the mock. */
async function script(client: Client) {
  return {
    server: client.getServerVersion(),
    tools: (await client.listTools()).tools.map((tool) => tool.name),
    prompts: (await client.listPrompts()).prompts.map((prompt) => prompt.name),
    echo: await client.callTool({ name: 'echo', arguments: { message: 'recorded' } }),
    sum: await client.callTool({ name: 'get-sum', arguments: { a: 2, b: 40 } }),
    sumAgain: await client.callTool({ name: 'get-sum', arguments: { a: 1, b: 1 } }),
    resource: await client.readResource({ uri: 'demo://resource/static/document/architecture.md' }),
  };
}

async function mockClient(args: string[]): Promise<Client> {
  const client = new Client({ name: 'mock-test-client', version: '1.0.0' }, { capabilities: {} });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mock', ...args], stderr: 'pipe' }));
  closers.push(() => client.close());
  return client;
}

describe('loupe mock: a recording served back as an MCP server', () => {
  let dataDir: string;
  let sessionId: string;
  let recorded: Awaited<ReturnType<typeof script>>;

  beforeAll(async () => {
    dataDir = newDataDir();
    const client = await sdkClient(EVERYTHING, dataDir, 'recorded-everything');
    recorded = await script(client);
    await client.close();
    const session = await waitFor(() => savedSessions(dataDir).find((candidate) => candidate.entries.some((entry) => /exited|ended/.test(entry.text ?? ''))), 'the recording');
    sessionId = session.id;
  }, 60_000);

  it('gives the SDK client the same results as the server did, by saved session id or by the proxy\'s name', async () => {
    for (const recording of [sessionId, 'recorded-everything']) {
      const client = await mockClient([recording, '--data-dir', dataDir]);
      expect(await script(client)).toEqual(recorded);
    }
  });

  it('finds a proxy by its --name when the app was open and recorded it in the app\'s own session', async () => {
    const appData = newDataDir();
    const app = await startCore({ dataDir: appData, acceptProxies: true });
    closers.push(() => app.core.dispose());
    // The app's session also holds a server of its own, so the proxy's must be picked by name.
    const own = await app.add('Everything', { type: 'stdio', command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'], env: [] });
    await app.core.handlers['connections.connect']({ serverId: own.id });
    await app.core.handlers['tools.call']({ serverId: own.id, name: 'echo', arguments: { message: 'from the app' }, callId: 'own1' });
    const client = await sdkClient(EVERYTHING, appData, 'everything');
    const linked = await script(client);
    await client.close();
    await waitFor(() => app.events.find((event) => event.name === 'proxy.sessions.changed' && (event.payload as { status?: string }).status === 'ended'), 'the proxied session to end');
    await app.core.dispose();
    expect(savedSessions(appData).every((session) => session.meta.proxied === undefined)).toBe(true);

    const mock = await mockClient(['everything', '--data-dir', appData]);
    expect(await script(mock)).toEqual(linked);
  });

  it('answers a request nothing matches with a JSON-RPC error that names the closest recording', async () => {
    const client = await mockClient([sessionId, '--data-dir', dataDir]);
    const failure = await client.callTool({ name: 'echo', arguments: { message: 'never recorded' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProtocolError);
    expect((failure as ProtocolError).code).toBe(-32602);
    expect((failure as ProtocolError).message).toMatch(/No recorded tools\/call request matches these params\. The closest is entry #\d+ of saved session .*: at \/arguments\/message it was "recorded", now "never recorded"/);
    const unknown = await client.complete({ ref: { type: 'ref/prompt', name: 'simple-prompt' }, argument: { name: 'x', value: 'y' } }).catch((error: unknown) => error);
    expect((unknown as ProtocolError).code).toBe(-32601);
    expect((unknown as ProtocolError).message).toMatch(/has no completion\/complete request; it has initialize, tools\/list/);
  });

  it('matches by method only when asked, and serves Streamable HTTP with --http', async () => {
    const byMethod = await mockClient([sessionId, '--data-dir', dataDir, '--match', 'method']);
    expect(await byMethod.callTool({ name: 'echo', arguments: { message: 'anything' } })).toEqual(recorded.echo);

    const served = startRaw(process.execPath, [CLI, 'mock', sessionId, '--data-dir', dataDir, '--http', '0']);
    closers.push(async () => {
      served.child.kill('SIGTERM');
      await served.closed;
    });
    const url = await waitFor(() => /^(http:\S+)\n/.exec(Buffer.concat(served.stdout).toString())?.[1], 'the mock URL');
    const client = new Client({ name: 'mock-http-client', version: '1.0.0' }, { capabilities: {} });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    closers.push(() => client.close());
    expect(await script(client)).toEqual(recorded);
  });

  it('reads an exported JSON Lines file, and says which server to pick when it holds several', async () => {
    const test = await startCore({ dataDir: newDataDir() });
    closers.push(() => test.core.dispose());
    const everything = await test.add('Everything', { type: 'stdio', command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'], env: [] });
    await test.core.handlers['connections.connect']({ serverId: everything.id });
    await test.core.handlers['tools.call']({ serverId: everything.id, name: 'echo', arguments: { message: 'from the app' }, callId: 'c1' });
    const file = join(newDataDir(), 'session.jsonl');
    const [recording] = savedSessions(dataDir);
    writeFileSync(file, serializeTrafficEntries([...(await test.traffic()), ...recording!.entries]));

    const ambiguous = startRaw(process.execPath, [CLI, 'mock', file]);
    ambiguous.child.stdin.end();
    expect(await ambiguous.closed).toMatchObject({ code: 2 });
    expect(Buffer.concat(ambiguous.stderr).toString()).toMatch(/holds 2 servers: pick one with --server/);

    const client = await mockClient([file, '--server', everything.id]);
    expect(await client.callTool({ name: 'echo', arguments: { message: 'from the app' } })).toMatchObject({ content: [{ type: 'text', text: 'Echo: from the app' }] });
  });

  it('is added as a server of the app by proxy.mock.add, and the app connects to it', async () => {
    const test = await startCore({ dataDir });
    closers.push(() => test.core.dispose());
    const server = await test.core.handlers['proxy.mock.add']({ recording: sessionId });
    expect(server.transport).toMatchObject({ type: 'stdio', args: expect.arrayContaining(['mock', sessionId, '--data-dir', dataDir]) });
    const state = await test.core.handlers['connections.connect']({ serverId: server.id });
    expect(state.server?.name).toBe('mcp-servers/everything');
    const outcome = await test.core.handlers['tools.call']({ serverId: server.id, name: 'get-sum', arguments: { a: 2, b: 40 }, callId: 'm1' });
    expect(outcome.result).toEqual(recorded.sum);
  });

  it('proxy.mock.add refuses a server name the recording lacks, naming the servers it holds, and adds nothing', async () => {
    const test = await startCore({ dataDir });
    closers.push(() => test.core.dispose());
    const before = await test.core.handlers['servers.list']();
    const refused = test.core.handlers['proxy.mock.add']({ recording: sessionId, server: 'no-such-server' });
    await expect(refused).rejects.toThrow(/^Cannot serve this recording as a mock: The recording has no server no-such-server; it has "recorded-everything" \(proxy-[0-9a-f]+\)\.$/);
    expect(await test.core.handlers['servers.list']()).toEqual(before);
    // By the proxy's name, the same session is served.
    const added = await test.core.handlers['proxy.mock.add']({ recording: sessionId, server: 'recorded-everything' });
    expect(added.transport).toMatchObject({ args: expect.arrayContaining(['--server', 'recorded-everything']) });
  });
});
