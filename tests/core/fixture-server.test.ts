import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsNamed, fixture, startCore, waitFor, type TestCore } from './helpers.js';

describe('edge cases from the fixture server', () => {
  let test: TestCore;
  beforeAll(async () => {
    test = await startCore({ initializeTimeoutMs: 1_500 });
  });
  afterAll(() => test.core.dispose());

  it('records a stdout banner before initialize as malformed, exactly as received, and the session still works', async () => {
    const banner = 'Starting server v1.2 <b>not json</b> {';
    const server = await test.add('banner', fixture('--banner', banner));
    const state = await test.core.handlers['connections.connect']({ serverId: server.id });
    expect(state.status).toBe('connected');

    const entries = await test.traffic(server.id);
    const malformed = entries.find((e) => e.kind === 'malformed');
    expect(malformed?.text).toBe(banner);
    expect(malformed?.direction).toBe('in');
    expect(malformed!.seq).toBeLessThan(entries.find((e) => e.method === 'initialize' && e.kind === 'response')!.seq);

    const outcome = await test.core.handlers['tools.call']({ serverId: server.id, name: 'echo', arguments: { message: 'after banner' }, callId: 'b1' });
    expect(outcome.result).toEqual({ content: [{ type: 'text', text: 'Echo: after banner' }] });
  });

  it('fails a call cleanly when the server crashes mid-call, and reports the exit code', async () => {
    const server = await test.add('crasher', fixture());
    await test.core.handlers['connections.connect']({ serverId: server.id });
    const outcome = await test.core.handlers['tools.call']({ serverId: server.id, name: 'crash', arguments: {}, callId: 'c1' });
    expect(outcome.failure?.kind).toBe('disconnected');
    expect(outcome.failure?.message).toMatch(/exited with code 3/);

    const [state] = (await test.core.handlers['connections.list']()).filter((s) => s.serverId === server.id);
    expect(state?.status).toBe('exited');
    expect(state?.exit?.code).toBe(3);
    expect(state?.exit?.stderrTail.join('\n')).toContain('about to crash');
    expect(eventsNamed(test, 'connections.changed').some((s) => s.serverId === server.id && s.status === 'exited')).toBe(true);
  });

  it('says "Command not found" for a command that does not exist', async () => {
    const server = await test.add('missing', { type: 'stdio', command: 'loupe-no-such-command-xyz', args: [], env: [] });
    const state = await test.core.handlers['connections.connect']({ serverId: server.id });
    expect(state.status).toBe('failed');
    expect(state.failure?.code).toBe('command-not-found');
    expect(state.failure?.message).toMatch(/^Command not found: "loupe-no-such-command-xyz"/);
  });

  it('reports the exit code and last stderr lines of a process that exits before initialize', async () => {
    const server = await test.add('early exit', fixture('--exit-before-initialize', '7'));
    const state = await test.core.handlers['connections.connect']({ serverId: server.id });
    expect(state.status).toBe('failed');
    expect(state.failure?.code).toBe('exited-before-initialize');
    expect(state.failure?.message).toBe('The server process exited with code 7 before answering initialize.');
    expect(state.exit?.code).toBe(7);
    expect(state.failure?.detail).toMatch(/stderr/);
    expect(state.exit?.stderrTail.length).toBeGreaterThan(0);
  });

  it('times out an initialize that is never answered', async () => {
    const server = await test.add('silent', fixture('--no-initialize-reply'));
    const state = await test.core.handlers['connections.connect']({ serverId: server.id });
    expect(state.failure?.code).toBe('initialize-timeout');
    expect(state.failure?.message).toMatch(/did not answer initialize within 2 s/);
  });

  it('uses the server’s own connect timeout when it has one', async () => {
    const server = await test.core.handlers['servers.add']({ name: 'silent-quick', transport: fixture('--no-initialize-reply'), connectTimeoutMs: 1_000 });
    const state = await test.core.handlers['connections.connect']({ serverId: server.id });
    expect(state.failure?.code).toBe('initialize-timeout');
    expect(state.failure?.message).toMatch(/did not answer initialize within 1 s/);
    await expect(test.core.handlers['servers.add']({ name: 'bad', transport: fixture(), connectTimeoutMs: -5 })).rejects.toThrow(
      'connectTimeoutMs must be a positive number of milliseconds.',
    );
  });

  it('names an unsupported protocol version', async () => {
    const server = await test.add('future', fixture('--protocol-version', '1999-01-01'));
    const state = await test.core.handlers['connections.connect']({ serverId: server.id });
    expect(state.failure?.code).toBe('unsupported-protocol-version');
    expect(state.failure?.message).toContain('1999-01-01');
  });

  it('unpacks a JSON-RPC batch into its messages and still answers the call', async () => {
    const server = await test.add('batcher', fixture());
    await test.core.handlers['connections.connect']({ serverId: server.id });
    const outcome = await test.core.handlers['tools.call']({ serverId: server.id, name: 'batch-notify', arguments: {}, callId: 'bt' });
    expect(outcome.failure).toBeUndefined();
    const entries = await test.traffic(server.id);
    const batch = entries.find((e) => e.kind === 'batch');
    expect(batch).toBeDefined();
    const inside = entries.filter((e) => e.batchSeq === batch!.seq);
    expect(inside.map((e) => e.kind).sort()).toEqual(['notification', 'notification', 'response']);
    expect(inside.find((e) => e.kind === 'response')?.method).toBe('tools/call');
  });

  it('keeps a non-conforming result and lists its violations', async () => {
    const server = await test.add('semem', fixture());
    await test.core.handlers['connections.connect']({ serverId: server.id });
    const outcome = await test.core.handlers['tools.call']({ serverId: server.id, name: 'semem-result', arguments: {}, callId: 's1' });
    expect(outcome.failure).toBeUndefined();
    expect(outcome.result).toEqual({ success: true, content: 'plain string' });
    expect(outcome.violations.some((v) => v.path === '/content')).toBe(true);
  });

  it('cancels a running call with notifications/cancelled', async () => {
    const server = await test.add('slowpoke', fixture());
    await test.core.handlers['connections.connect']({ serverId: server.id });
    const pending = test.core.handlers['tools.call']({ serverId: server.id, name: 'slow', arguments: { ms: 5_000 }, callId: 'slow-1' });
    await waitFor(async () => (await test.traffic(server.id)).find((e) => e.method === 'notifications/progress'), 'progress');
    await test.core.handlers['calls.cancel']({ callId: 'slow-1' });
    const outcome = await pending;
    expect(outcome.failure?.kind).toBe('cancelled');
    const cancelled = (await test.traffic(server.id)).find((e) => e.method === 'notifications/cancelled');
    expect((cancelled?.message as { params: { requestId: unknown } }).params.requestId).toBe(outcome.rpcId);
  });

  it('cancels a call whose abort signal was used by earlier calls, and the calls after it are not cancelled', async () => {
    const server = await test.add('reused', fixture());
    await test.core.handlers['connections.connect']({ serverId: server.id });
    const echo = (callId: string) => test.core.handlers['tools.call']({ serverId: server.id, name: 'echo', arguments: { message: callId }, callId });
    for (const callId of ['r1', 'r2', 'r3']) expect((await echo(callId)).failure).toBeUndefined();

    const pending = test.core.handlers['tools.call']({ serverId: server.id, name: 'slow', arguments: { ms: 5_000 }, callId: 'slow-reused' });
    await waitFor(async () => (await test.traffic(server.id)).find((e) => e.method === 'notifications/progress'), 'progress');
    await test.core.handlers['calls.cancel']({ callId: 'slow-reused' });
    expect((await pending).failure?.kind).toBe('cancelled');

    // A late cancel of a finished call reaches nothing, and no later call inherits a cancellation.
    await test.core.handlers['calls.cancel']({ callId: 'r3' });
    for (const callId of ['r4', 'r5']) expect(await echo(callId)).toMatchObject({ result: { content: [{ type: 'text', text: `Echo: ${callId}` }] } });
  });
});
