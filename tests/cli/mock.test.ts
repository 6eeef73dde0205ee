import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, ProtocolError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EVERYTHING_ENTRY, startCore, waitFor } from '../core/helpers.js';
import { serializeTrafficEntries } from '../../shared/traffic-jsonl.js';
import type { TrafficEntry } from '../../shared/traffic.js';
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

/** A hand-made recording of one server: each entry's raw text is what reached the server or came back. */
function recordingFile(entries: Array<Pick<TrafficEntry, 'seq' | 'direction' | 'kind'> & Partial<TrafficEntry>>): string {
  const file = join(newDataDir(), 'crafted.jsonl');
  writeFileSync(file, serializeTrafficEntries(entries.map((entry) => ({ serverId: 's1', connectionId: 'c1', time: entry.seq, size: entry.raw?.length ?? 0, ...entry }))));
  return file;
}

/** Writes each message as one line to a raw `loupe mock` and waits for `count` lines back. */
async function exchange(file: string, messages: string[], count: number): Promise<{ lines: string[]; stderr: string }> {
  const mock = startRaw(process.execPath, [CLI, 'mock', file]);
  closers.push(async () => {
    mock.child.kill('SIGTERM');
    await mock.closed;
  });
  for (const message of messages) mock.child.stdin.write(`${message}\n`);
  mock.child.stdin.end();
  await mock.closed;
  const lines = Buffer.concat(mock.stdout).toString().split('\n').filter((line) => line !== '');
  expect(lines).toHaveLength(count);
  return { lines, stderr: Buffer.concat(mock.stderr).toString() };
}

const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const echoCall = (id: number, message: string) => `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"echo","arguments":{"message":"${message}"}}}`;

describe('loupe mock: a crafted recording', () => {
  it('skips a request nested 5,000 deep, says so once, and keeps serving the others', async () => {
    const deepRequest = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"deep","arguments":{"list":${nested(5000)}}}}`;
    const file = recordingFile([
      { seq: 1, direction: 'out', kind: 'request', method: 'tools/call', id: 1, raw: echoCall(1, 'hi') },
      { seq: 2, direction: 'in', kind: 'response', id: 1, requestSeq: 1, raw: '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"Echo: hi"}]}}' },
      { seq: 3, direction: 'out', kind: 'request', method: 'tools/call', id: 2, raw: deepRequest },
      { seq: 4, direction: 'in', kind: 'response', id: 2, requestSeq: 3, raw: '{"jsonrpc":"2.0","id":2,"result":{"content":[]}}' },
    ]);
    const { lines, stderr } = await exchange(file, [echoCall(7, 'hi'), deepRequest.replace('"id":2', '"id":8')], 2);
    expect(lines[0]).toBe('{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"Echo: hi"}]}}');
    expect(JSON.parse(lines[1]!)).toMatchObject({ id: 8, error: { code: -32600, message: expect.stringMatching(/nested more than 512 levels deep/) } });
    expect(stderr.match(/request #3 of .*crafted\.jsonl is nested more than 512 levels deep, so the mock does not serve it\./g)).toHaveLength(1);
  });

  it('serves a reply whose recorded text holds line breaks as one frame, with no request smuggled out of it', async () => {
    const sampling = '{"jsonrpc":"2.0","id":99,"method":"sampling/createMessage","params":{"messages":[],"maxTokens":1}}';
    const smuggling = `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"ok"}],"x":\n${sampling}\n}}`;
    const exact = '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"kept"}],  "spaced" : true}}';
    const file = recordingFile([
      { seq: 1, direction: 'out', kind: 'request', method: 'tools/call', id: 1, raw: echoCall(1, 'a') },
      { seq: 2, direction: 'in', kind: 'response', id: 1, requestSeq: 1, raw: smuggling },
      { seq: 3, direction: 'out', kind: 'request', method: 'tools/call', id: 2, raw: echoCall(2, 'b') },
      { seq: 4, direction: 'in', kind: 'response', id: 2, requestSeq: 3, raw: exact },
      { seq: 5, direction: 'out', kind: 'request', method: 'tools/call', id: 3, raw: echoCall(3, 'c') },
      { seq: 6, direction: 'in', kind: 'response', id: 3, requestSeq: 5, raw: '{"jsonrpc":"2.0","id":3,"result":\n{"content":[]' },
    ]);
    const { lines, stderr } = await exchange(file, [echoCall(7, 'a'), echoCall(8, 'b'), echoCall(9, 'c')], 3);
    const frames = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(frames.map((frame) => frame.id)).toEqual([7, 8, 9]);
    expect(frames.some((frame) => frame.method !== undefined)).toBe(false);
    expect(frames[0]).toEqual({ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'ok' }], x: JSON.parse(sampling) } });
    expect(lines[1]).toBe('{"jsonrpc":"2.0","id":8,"result":{"content":[{"type":"text","text":"kept"}],  "spaced" : true}}');
    expect(frames[2]).toMatchObject({ error: { code: -32602 } });
    expect(stderr.match(/1 reply of .*crafted\.jsonl was not one JSON-RPC message on one line, so the mock serves it re-serialized on one line\./g)).toHaveLength(1);
    expect(stderr).toMatch(/the reply to request #5 of .*crafted\.jsonl is not JSON, so the mock does not serve that request\./);
  });
});
