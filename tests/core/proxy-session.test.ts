import { afterEach, describe, expect, it } from 'vitest';
import type { PausedMessage, ProxiedSession } from '../../shared/proxy.js';
import type { TrafficEntry } from '../../shared/traffic.js';
import { MODERN_SERVER_PATH } from '../fixtures/modern-server-config.js';
import { CLI, newDataDir, proxyCommand, savedSessions, sdkClient, textOf } from '../cli/proxy-helpers.js';
import { EVERYTHING_ENTRY, eventsNamed, startCore, waitFor, type TestCore } from './helpers.js';

const EVERYTHING = [process.execPath, EVERYTHING_ENTRY, 'stdio'];
const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close().catch(() => undefined)));
});

/** The app's core, listening for proxies on its data folder. */
async function appCore(): Promise<TestCore> {
  const test = await startCore({ dataDir: newDataDir(), acceptProxies: true });
  closers.push(() => test.core.dispose());
  return test;
}

async function nextPaused(test: TestCore, seen: Set<string>): Promise<PausedMessage> {
  return waitFor(() => {
    const paused = eventsNamed(test, 'proxy.intercept.changed').find((message) => message.status === 'paused' && !seen.has(message.id));
    if (paused) seen.add(paused.id);
    return paused;
  }, 'a paused message');
}

describe('intercept on a proxied session', () => {
  it('pauses a tools/call from the client; edited in the app, the server receives the edited one', async () => {
    const test = await appCore();
    const client = await sdkClient(EVERYTHING, test.dataDir, 'intercepted');
    closers.push(() => client.close());
    const session = await waitFor(() => eventsNamed(test, 'proxy.sessions.changed').find((candidate) => candidate.client !== undefined), 'the proxied session');
    // Without a rule, calls pass untouched.
    expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'no rule yet' } }))).toBe('Echo: no rule yet');

    const [rule] = await test.core.handlers['proxy.intercept.rules']({ rules: [{ filter: 'method:tools/call', enabled: true, direction: 'out' }] });
    // The rules reach the proxy over its link; once its gates are on, calls are paused.
    await waitFor(() => eventsNamed(test, 'proxy.sessions.changed').find((candidate) => candidate.id === session.id && candidate.intercepting), 'the proxy to apply the rules');
    const seen = new Set<string>();
    const call = client.callTool({ name: 'echo', arguments: { message: 'as the client wrote it' } });
    const paused = await nextPaused(test, seen);
    expect(paused).toMatchObject({ sessionId: session.id, serverId: session.serverId, direction: 'out', method: 'tools/call', ruleId: rule!.id, status: 'paused' });
    expect(await test.core.handlers['proxy.intercept.list']()).toEqual([paused]);
    const edited = paused.text.replace('as the client wrote it', 'as the person edited it');
    const decided = await test.core.handlers['proxy.intercept.decide']({ id: paused.id, decision: { action: 'edit', text: edited } });
    expect(decided.status).toBe('edited');
    expect(textOf(await call)).toBe('Echo: as the person edited it');

    // The app's log has what the server received, and a note saying what the client had sent.
    const entries = await waitFor(async () => {
      const all: TrafficEntry[] = await test.traffic(session.serverId);
      return all.some((entry) => entry.kind === 'response' && JSON.stringify(entry.message).includes('as the person edited it')) ? all : undefined;
    }, 'the edited call in the app');
    const sent = entries.filter((entry) => entry.direction === 'out' && entry.method === 'tools/call' && entry.kind === 'request').map((entry) => JSON.stringify(entry.message));
    expect(sent.some((text) => text.includes('as the person edited it'))).toBe(true);
    expect(sent.some((text) => text.includes('as the client wrote it'))).toBe(false);
    expect(entries.find((entry) => entry.kind === 'note' && entry.text?.includes('you edited it'))?.text).toContain('as the client wrote it');

    // Answered in the app: the server never sees it; dropped: nothing arrives; a timeout forwards it.
    const answered = client.callTool({ name: 'echo', arguments: { message: 'answer this' } });
    const toAnswer = await nextPaused(test, seen);
    const id = (JSON.parse(toAnswer.text) as { id: number }).id;
    await test.core.handlers['proxy.intercept.decide']({ id: toAnswer.id, decision: { action: 'answer', text: JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'answered in Loupe' }] } }) } });
    expect(textOf(await answered)).toBe('answered in Loupe');

    // Rules off: calls pass without stopping.
    await test.core.handlers['proxy.intercept.rules']({ rules: [{ ...rule!, enabled: false }] });
    await waitFor(() => eventsNamed(test, 'proxy.sessions.changed').findLast((candidate) => candidate.id === session.id)?.intercepting === false || undefined, 'the gates to go');
    expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'free again' } }))).toBe('Echo: free again');
    expect(eventsNamed(test, 'proxy.intercept.changed').filter((message) => message.status === 'paused')).toHaveLength(2);
    await expect(test.core.handlers['proxy.intercept.rules']({ rules: [{ filter: 'name:delete_*', enabled: true }] })).rejects.toThrow(/does not understand yet/);
  });

  it('forwards a paused message as it is once its timeout passes, with a note', async () => {
    const test = await appCore();
    await test.core.handlers['proxy.intercept.rules']({ rules: [{ filter: 'method:tools/*', enabled: true, timeoutMs: 1_000 }] });
    const client = await sdkClient(EVERYTHING, test.dataDir, 'undecided');
    closers.push(() => client.close());
    const session = await waitFor(() => eventsNamed(test, 'proxy.sessions.changed').find((candidate) => candidate.intercepting), 'the proxy to apply the rules');
    const late = client.callTool({ name: 'echo', arguments: { message: 'nobody decides' } });
    const paused = await nextPaused(test, new Set());
    expect(textOf(await late)).toBe('Echo: nobody decides');
    await waitFor(() => eventsNamed(test, 'proxy.intercept.changed').find((message) => message.id === paused.id && message.status === 'timed-out'), 'the timeout');
    await waitFor(async () => (await test.traffic(session.serverId)).find((entry) => entry.kind === 'note' && /went on as it was because no decision came within 1 s/.test(entry.text ?? '')), 'the note');
    await expect(test.core.handlers['proxy.intercept.decide']({ id: paused.id, decision: { action: 'forward' } })).rejects.toThrow(/already timed-out/);
  });

  it('forwards what is paused when the app goes away, and the proxy saves the rest of the session itself', async () => {
    const test = await appCore();
    await test.core.handlers['proxy.intercept.rules']({ rules: [{ filter: 'method:tools/call', enabled: true }] });
    const client = await sdkClient(EVERYTHING, test.dataDir, 'abandoned');
    closers.push(() => client.close());
    await waitFor(() => eventsNamed(test, 'proxy.sessions.changed').find((candidate) => candidate.name === 'abandoned' && candidate.intercepting), 'the proxy to apply the rules');
    const call = client.callTool({ name: 'echo', arguments: { message: 'held when the app quits' } });
    await nextPaused(test, new Set());
    await test.core.dispose();
    expect(textOf(await call)).toBe('Echo: held when the app quits');
    await client.close();
    const saved = await waitFor(() => savedSessions(test.dataDir).find((candidate) => candidate.meta.proxied?.name === 'abandoned' && candidate.entries.some((entry) => /^The server (exited|was ended)/.test(entry.text ?? ''))), 'the rest of the session saved by the proxy');
    expect(saved.entries.find((entry) => entry.kind === 'note')?.text).toMatch(/^Loupe went away \(it was closed, killed or stopped answering\)\. The .*record goes on here\.$/);
    expect(saved.entries.some((entry) => entry.kind === 'note' && /went on as it was because Loupe went away/.test(entry.text ?? ''))).toBe(true);
  });
});

describe('both protocol eras pass through as they are', () => {
  it('a 2026-07-28 client (Loupe) and server through the proxy, input_required rounds included, with the client shown as modern', async () => {
    const app = await appCore();
    const client = await startCore();
    closers.push(() => client.core.dispose());
    const launch = proxyCommand(app.dataDir, [process.execPath, MODERN_SERVER_PATH], 'modern');
    const server = await client.core.handlers['servers.add']({ name: 'modern via proxy', era: 'modern', transport: { type: 'stdio', command: launch.command, args: launch.args, env: [] } });
    const state = await client.core.handlers['connections.connect']({ serverId: server.id });
    expect(state.server).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28', name: 'loupe-modern-fixture' });

    const confirm = client.core.handlers['tools.call']({ serverId: server.id, name: 'confirm', arguments: { action: 'deploy' }, callId: 'modern-1' });
    const approval = await waitFor(async () => (await client.core.handlers['approvals.list']()).find((candidate) => candidate.status === 'pending'), 'the elicitation round');
    await client.core.handlers['approvals.decide']({ id: approval.id, decision: { action: 'accept', content: { ok: true } } });
    expect(textOf((await confirm).result)).toBe('Confirmed deploy: {"ok":true}');

    const session = await waitFor(() => eventsNamed(app, 'proxy.sessions.changed').findLast((candidate: ProxiedSession) => candidate.client?.era === 'modern' && candidate.server !== undefined), 'the modern session');
    expect(session.client).toMatchObject({ protocolVersion: '2026-07-28', info: { name: 'mcp-loupe' } });
    expect(session.server).toMatchObject({ era: 'modern', info: { name: 'loupe-modern-fixture' } });
    // The client has its answer as the proxy passes it on; the app's record of it follows a moment later.
    const rounds = await waitFor(async () => {
      const calls = (await app.traffic(session.serverId)).filter((entry) => entry.method === 'tools/call' && (entry.kind === 'request' || entry.kind === 'response'));
      return calls.length >= 4 ? calls : undefined;
    }, 'both rounds in the app');
    expect(rounds.map((entry) => `${entry.direction} ${entry.kind}`)).toEqual(['out request', 'in response', 'out request', 'in response']);
    expect((rounds[1]!.message as { result: { resultType?: string } }).result.resultType).toBe('input_required');

    // The recording, served back by `loupe mock`, answers a 2026-07-28 client the same, rounds included.
    const [appSession] = await app.core.handlers['traffic.sessions.list']();
    const replayer = await startCore();
    closers.push(() => replayer.core.dispose());
    const mock = await replayer.core.handlers['servers.add']({
      name: 'mock of the modern session',
      era: 'modern',
      transport: { type: 'stdio', command: process.execPath, args: [CLI, 'mock', appSession!.id, '--server', session.serverId, '--data-dir', app.dataDir], env: [] },
    });
    const mocked = await replayer.core.handlers['connections.connect']({ serverId: mock.id });
    expect(mocked.server).toMatchObject({ era: 'modern', name: 'loupe-modern-fixture' });
    const again = replayer.core.handlers['tools.call']({ serverId: mock.id, name: 'confirm', arguments: { action: 'deploy' }, callId: 'mock-1' });
    const asked = await waitFor(async () => (await replayer.core.handlers['approvals.list']()).find((candidate) => candidate.status === 'pending'), 'the recorded elicitation round');
    await replayer.core.handlers['approvals.decide']({ id: asked.id, decision: { action: 'accept', content: { ok: true } } });
    expect(textOf((await again).result)).toBe('Confirmed deploy: {"ok":true}');
  });
});
