import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { EVERYTHING_ENTRY, waitFor } from '../core/helpers.js';
import { startSupervisedCore } from '../core/supervised-core.js';
import type { ProxiedSession } from '../../shared/proxy.js';
import type { TrafficEntry } from '../../shared/traffic.js';
import { CLI, newDataDir, proxyCommand, savedSessions, sdkClient, startRaw, textOf } from './proxy-helpers.js';

const EVERYTHING = [process.execPath, EVERYTHING_ENTRY, 'stdio'];
const HOSTILE = fileURLToPath(new URL('../fixtures/hostile-stdio.mjs', import.meta.url));
const STDIN_RECORDER = fileURLToPath(new URL('../fixtures/stdin-recorder.mjs', import.meta.url));
const sha256 = (buffers: Buffer[]) => createHash('sha256').update(Buffer.concat(buffers)).digest('hex');
const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close().catch(() => undefined)));
});

const outRequests = (entries: TrafficEntry[], method: string) => entries.filter((entry) => entry.direction === 'out' && entry.kind === 'request' && entry.method === method);

describe('loupe proxy (stdio) with the SDK v2 client and server-everything', () => {
  it('passes a session through unchanged and, with no app running, saves it for Sessions… with exact bytes and pairing', async () => {
    const dataDir = newDataDir();
    const direct = await sdkClient(EVERYTHING);
    const proxied = await sdkClient(EVERYTHING, dataDir, 'everything');
    closers.push(() => direct.close(), () => proxied.close());

    expect(proxied.getServerVersion()).toEqual(direct.getServerVersion());
    expect((await proxied.listTools()).tools.map((tool) => tool.name)).toEqual((await direct.listTools()).tools.map((tool) => tool.name));
    const args = { a: 17, b: 25 };
    expect(await proxied.callTool({ name: 'get-sum', arguments: args })).toEqual(await direct.callTool({ name: 'get-sum', arguments: args }));
    expect(textOf(await proxied.callTool({ name: 'echo', arguments: { message: 'through the proxy' } }))).toBe('Echo: through the proxy');
    await proxied.close();

    const [session] = await waitFor(() => {
      const sessions = savedSessions(dataDir);
      return sessions[0]?.entries.some((entry) => entry.kind === 'note' && /exited|ended/.test(entry.text ?? '')) ? sessions : undefined;
    }, 'the saved session to be finished');
    expect(session!.meta.proxied).toMatchObject({ name: 'everything', transport: 'stdio' });
    expect(session!.meta.proxied!.target).toContain(EVERYTHING_ENTRY);
    const entries = session!.entries;
    const [initialize] = outRequests(entries, 'initialize');
    expect((initialize!.message as { params: { clientInfo: unknown } }).params.clientInfo).toEqual({ name: 'proxy-test-client', version: '7.7.7' });
    // The exact line the client wrote, and the server's reply paired with it.
    expect(JSON.parse(initialize!.raw!)).toEqual(initialize!.message);
    const call = outRequests(entries, 'tools/call').find((entry) => JSON.stringify(entry.message).includes('through the proxy'))!;
    const reply = entries.find((entry) => entry.kind === 'response' && entry.requestSeq === call.seq);
    expect(reply).toMatchObject({ direction: 'in', method: 'tools/call' });
    expect(reply!.time).toBeGreaterThanOrEqual(call.time);
    expect(textOf((reply!.message as { result: unknown }).result)).toBe('Echo: through the proxy');
  });

  it('shows the session live in the running app, with the real client, and fails open when the app is killed mid-session', async () => {
    const dataDir = newDataDir();
    const core = await startSupervisedCore(dataDir);
    const seen: ProxiedSession[] = [];
    core.subscribe((name, payload) => {
      if (name === 'proxy.sessions.changed') seen.push(payload as ProxiedSession);
    });
    const client = await sdkClient(EVERYTHING, dataDir, 'everything');
    closers.push(() => client.close());

    const live = await waitFor(() => seen.findLast((session) => session.client?.info !== undefined && session.server?.info !== undefined), 'the proxied session with its client and server');
    expect(live).toMatchObject({ name: 'everything', transport: 'stdio', status: 'live', client: { info: { name: 'proxy-test-client', version: '7.7.7' }, era: 'legacy' } });
    expect(live.client?.protocolVersion).toBe(client.getNegotiatedProtocolVersion());
    expect(live.server?.info).toMatchObject({ name: 'mcp-servers/everything' });
    expect(await core.handlers['proxy.sessions.list']()).toEqual([expect.objectContaining({ id: live.id, serverId: live.serverId })]);

    for (let call = 0; call < 5; call++) expect(textOf(await client.callTool({ name: 'echo', arguments: { message: `before ${call}` } }))).toBe(`Echo: before ${call}`);
    const inApp = await waitFor(async () => {
      const page = await core.handlers['traffic.list']({ methods: ['tools/call'] });
      const mine = page.entries.filter((entry) => entry.serverId === live.serverId);
      return mine.length >= 10 ? mine : undefined;
    }, 'the calls in the app\'s log');
    expect(inApp.filter((entry) => entry.kind === 'response').every((entry) => entry.requestSeq !== undefined)).toBe(true);

    // The app's core dies while the client goes on calling tools: every call still succeeds.
    process.kill(core.pid!, 'SIGKILL');
    for (let call = 0; call < 20; call++) expect(textOf(await client.callTool({ name: 'echo', arguments: { message: `after ${call}` } }))).toBe(`Echo: after ${call}`);
    await client.close();

    const saved = await waitFor(() => savedSessions(dataDir).find((session) => session.meta.proxied?.name === 'everything' && session.entries.some((entry) => /exited|ended/.test(entry.text ?? ''))), 'the proxy\'s own saved session');
    expect(saved.entries.some((entry) => entry.kind === 'note' && entry.text?.startsWith('Loupe went away'))).toBe(true);
    const savedCalls = outRequests(saved.entries, 'tools/call').map((entry) => (entry.message as { params: { arguments: { message: string } } }).params.arguments.message);
    for (let call = 0; call < 20; call++) expect(savedCalls).toContain(`after ${call}`);
  });

  it('moves the session into the app when the app starts after the proxy, naming the saved part', async () => {
    const dataDir = newDataDir();
    const client = await sdkClient(EVERYTHING, dataDir, 'early');
    closers.push(() => client.close());
    expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'before the app' } }))).toBe('Echo: before the app');
    const [early] = await waitFor(() => {
      const sessions = savedSessions(dataDir);
      return sessions[0]?.entries.some((entry) => entry.kind === 'response' && JSON.stringify(entry.message).includes('before the app')) ? sessions : undefined;
    }, 'the saved part');

    const core = await startSupervisedCore(dataDir);
    const seen: ProxiedSession[] = [];
    core.subscribe((name, payload) => {
      if (name === 'proxy.sessions.changed') seen.push(payload as ProxiedSession);
    });
    const linked = await waitFor(async () => (await core.handlers['proxy.sessions.list']()).find((session) => session.name === 'early'), 'the proxy to find the app');
    expect(linked.earlierRecords).toEqual([early!.id]);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'after the app' } }))).toBe('Echo: after the app');
    await waitFor(async () => {
      const page = await core.handlers['traffic.list']({ methods: ['tools/call'] });
      return page.entries.some((entry) => entry.serverId === linked.serverId && JSON.stringify(entry.message).includes('after the app')) || undefined;
    }, 'the call in the app');
    const saved = savedSessions(dataDir).find((session) => session.id === early!.id)!;
    expect(saved.entries.at(-1)).toMatchObject({ kind: 'note', text: 'Loupe is running again: the record of this session goes on there, live.' });
  });
});

describe('loupe proxy passes every byte unchanged', () => {
  it('from a badly behaved client to the server, and from an awkward server back, exiting as the server did', async () => {
    const script = [
      Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n'), // before initialize
      Buffer.from('not json at all\n'),
      Buffer.from('{"jsonrpc":"2.0","id":2,"method":"initia'), // half a line…
      Buffer.from('lize","params":{}}\r\n[{"jsonrpc":"2.0","method":"x"},{"jsonrpc":"2.0","id":3,"method":"y"}]\n'), // …its end, then a batch
      Buffer.from([0xff, 0x00, 0x80, 0x0a]),
      Buffer.from('a last line without newline'),
    ];
    const runs = [];
    for (const viaProxy of [false, true]) {
      const dataDir = newDataDir();
      const file = join(dataDir, 'server-stdin.bin');
      const run = viaProxy ? startRaw(process.execPath, proxyCommand(dataDir, [process.execPath, STDIN_RECORDER, file]).args) : startRaw(process.execPath, [STDIN_RECORDER, file]);
      for (const part of script) {
        run.child.stdin.write(part);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      run.child.stdin.end(); // closes early: the server has not finished writing yet
      const end = await run.closed;
      runs.push({ end, stdout: Buffer.concat(run.stdout), stderr: Buffer.concat(run.stderr), received: readFileSync(file), dataDir });
    }
    const [direct, proxied] = runs as [(typeof runs)[0], (typeof runs)[0]];
    expect(proxied.received.equals(Buffer.concat(script))).toBe(true);
    expect(direct.received.equals(Buffer.concat(script))).toBe(true);
    expect(proxied.stdout.equals(direct.stdout)).toBe(true);
    expect(proxied.stderr.equals(direct.stderr)).toBe(true);
    expect(proxied.end).toEqual({ code: 7, signal: null });

    const [session] = savedSessions(proxied.dataDir);
    const kinds = session!.entries.map((entry) => `${entry.direction} ${entry.kind}${entry.method ? ` ${entry.method}` : ''}`);
    expect(kinds).toEqual(expect.arrayContaining(['out request tools/list', 'out malformed', 'out request initialize', 'out batch', 'in malformed', 'in batch', 'in stderr']));
    expect(session!.entries.find((entry) => entry.kind === 'malformed' && entry.direction === 'out')?.text).toBe('not json at all');
  });

  it('streams a 200 MB line, control bytes on stderr and a line that never ends from a hostile server, byte for byte', async () => {
    const bytes = 200_000_000;
    const line = (id: number, method: string, params: object) => `${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`;
    const initialize = line(0, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } });
    const call = (id: number, name: string, args: object) => line(id, 'tools/call', { name, arguments: args });
    const scenarios = [
      // The server exits once stdin ends and everything it wrote is out.
      initialize + call(1, 'control-stderr', { bytes: 4000 }) + call(2, 'long-line', { bytes }) + call(3, 'echo', { message: 'after it' }),
      // The server writes bytes without a newline, then exits (under a pipe's buffer, so none is lost in the direct run either).
      initialize + call(1, 'endless-line', { bytes: 60_000 }),
    ];
    for (const input of scenarios) {
      const digests = [];
      for (const viaProxy of [false, true]) {
        const dataDir = newDataDir();
        const run = viaProxy ? startRaw(process.execPath, proxyCommand(dataDir, [process.execPath, HOSTILE]).args) : startRaw(process.execPath, [HOSTILE]);
        run.child.stdin.end(input);
        const end = await run.closed;
        digests.push({ end, stdout: sha256(run.stdout), stdoutBytes: Buffer.concat(run.stdout).length, stderr: sha256(run.stderr), dataDir });
      }
      const [direct, proxied] = digests as [(typeof digests)[0], (typeof digests)[0]];
      expect(proxied).toMatchObject({ end: direct.end, stdout: direct.stdout, stdoutBytes: direct.stdoutBytes, stderr: direct.stderr });
      digests.length = 0;
      if (input.includes('long-line')) {
        expect(direct.stdoutBytes).toBeGreaterThan(bytes);
        const saved = await waitFor(() => savedSessions(proxied.dataDir)[0]?.entries, 'the saved session');
        const long = saved.find((entry) => entry.truncated && entry.size === bytes);
        expect(long).toMatchObject({ kind: 'malformed', direction: 'in' });
        expect(long?.problem).toMatch(/over Loupe's limit of 128 MB/);
        expect(saved.some((entry) => entry.kind === 'response' && JSON.stringify(entry.message).includes('Echo: after it'))).toBe(true);
      }
    }
  }, 180_000);

  it('keeps passing bytes when the data folder cannot be written, and records nothing there', async () => {
    const dataDir = newDataDir();
    // A file where the traffic folder should be: no session can be saved (tests run as root, whom modes do not stop).
    writeFileSync(join(dataDir, 'traffic'), 'in the way');
    const client = await sdkClient(EVERYTHING, dataDir);
    closers.push(() => client.close());
    for (let call = 0; call < 3; call++) expect(textOf(await client.callTool({ name: 'echo', arguments: { message: `read-only ${call}` } }))).toBe(`Echo: read-only ${call}`);
    await client.close();
    expect(savedSessions(dataDir)).toEqual([]);
  });

  it('counts what an unwritable data folder lost, and says so in the record once Loupe can take it', async () => {
    const dataDir = newDataDir();
    writeFileSync(join(dataDir, 'traffic'), 'in the way');
    const client = await sdkClient(EVERYTHING, dataDir, 'unkept');
    closers.push(() => client.close());
    for (let call = 0; call < 3; call++) expect(textOf(await client.callTool({ name: 'echo', arguments: { message: `unkept ${call}` } }))).toBe(`Echo: unkept ${call}`);

    // The folder can be written again and the app starts: the proxy finds it and says what it lost meanwhile.
    rmSync(join(dataDir, 'traffic'));
    const core = await startSupervisedCore(dataDir);
    const linked = await waitFor(async () => (await core.handlers['proxy.sessions.list']()).find((session) => session.name === 'unkept'), 'the proxy to find the app');
    expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'kept' } }))).toBe('Echo: kept');
    const session = await waitFor(async () => (await core.handlers['proxy.sessions.list']()).find((candidate) => candidate.id === linked.id && candidate.lostEntries > 0), 'the lost entries counted');
    // initialize, initialized, tools/list… and the three calls and their answers at least.
    expect(session.lostEntries).toBeGreaterThanOrEqual(8);
    const notes = await waitFor(async () => {
      const page = await core.handlers['traffic.list']({});
      const mine = page.entries.filter((entry) => entry.serverId === linked.serverId);
      return mine.some((entry) => entry.kind === 'response' && JSON.stringify(entry.message).includes('Echo: kept')) ? mine.filter((entry) => entry.kind === 'note') : undefined;
    }, 'the kept call in the app');
    expect(notes.map((entry) => entry.text)).toContainEqual(expect.stringMatching(new RegExp(`^${session.lostEntries} entries are missing from the record here: .+\\. The bytes themselves passed between the client and the server unchanged\\.$`)));
  });
});

describe('loupe proxy usage', () => {
  it('says what is wrong with the command line, and exits 127 when the server cannot be started', async () => {
    const noCommand = startRaw(process.execPath, [CLI, 'proxy']);
    expect(await noCommand.closed).toMatchObject({ code: 2 });
    expect(Buffer.concat(noCommand.stderr).toString()).toContain('Give the server to run after --');

    const missing = startRaw(process.execPath, proxyCommand(newDataDir(), ['/no/such/server-binary']).args);
    missing.child.stdin.end();
    expect(await missing.closed).toMatchObject({ code: 127 });
    expect(Buffer.concat(missing.stderr).toString()).toBe('loupe proxy: Command not found: /no/such/server-binary\n');
  });
});
