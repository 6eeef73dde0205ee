/**
 * Medium 1 of issue 25 ("deep messages crash the core"): what crosses between Loupe's processes is
 * bounded below what the receiving side can take.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_NODE_COMMAND } from '../../shared/server-config.js';
import { CROSSING_ENVELOPE_DEPTH, MAX_CROSSING_DEPTH } from '../../main/core/base/process-crossing.js';
import { fixtureServerConfig } from '../fixtures/fixture-server-config.js';
import { startSupervisedCore } from './supervised-core.js';

const ECHO_CHILD = fileURLToPath(new URL('../fixtures/ipc-echo-child.mjs', import.meta.url));
const CROSSING_SENDER = fileURLToPath(new URL('../fixtures/crossing-sender.mjs', import.meta.url));

function nested(depth: number): object {
  let value: object = {};
  for (let level = 1; level < depth; level++) value = { a: value };
  return value;
}

/** Whether a child forked as the core is (advanced serialization) survives a message `depth` levels deep. */
function survives(depth: number): Promise<boolean> {
  return new Promise((resolve) => {
    const child = fork(ECHO_CHILD, [], { serialization: 'advanced', stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    let answered = false;
    child.on('message', () => {
      answered = true;
      child.kill();
    });
    child.on('exit', () => resolve(answered));
    try {
      child.send(nested(depth));
    } catch {
      // Too deep for the sender even: it cannot cross either.
      child.kill();
    }
  });
}

describe('Medium 1: deep messages crash the core', () => {
  it("Node's fork channel kills the receiver at a depth the crossing bound stays below", async () => {
    const bound = MAX_CROSSING_DEPTH + CROSSING_ENVELOPE_DEPTH;
    expect(await survives(bound)).toBe(true);
    let alive = bound;
    let dead = 16_384;
    expect(await survives(dead)).toBe(false);
    while (dead - alive > 1) {
      const middle = Math.floor((alive + dead) / 2);
      if (await survives(middle)) alive = middle;
      else dead = middle;
    }
    // On Node 20 the receiver dies at about 1,930 levels of objects; the bound keeps a margin for the core's own frames.
    console.log(`The fork channel's receiver dies at ${dead} levels; Loupe's bound is ${bound}.`);
    expect(bound * 1.5).toBeLessThan(dead);
  }, 60_000);

  it('a tools.call with 1,950-deep arguments gets a sentence, and the core keeps running', async () => {
    const core = await startSupervisedCore();
    const server = await core.handlers['servers.add'](fixtureServerConfig('Fixture'));
    await core.handlers['connections.connect']({ serverId: server.id });
    const pid = core.pid;

    await expect(core.handlers['tools.call']({ serverId: server.id, name: 'echo', arguments: { message: nested(1_950) }, callId: 'c1' })).rejects.toMatchObject({
      code: 'too-deep',
      message: "The tools.call request's parameters nest more than 1,000 levels deep; Loupe passes at most 1,000 levels between its processes.",
    });

    expect(await core.handlers['core.status']()).toMatchObject({ state: 'running', pid });
    const echoed = await core.handlers['tools.call']({ serverId: server.id, name: 'echo', arguments: { message: 'still here' }, callId: 'c2' });
    expect(echoed.result).toMatchObject({ content: [{ type: 'text', text: 'Echo: still here' }] });
  });

  it('Edit and replay with 1,950-deep arguments gets a sentence, and the core keeps running', async () => {
    const core = await startSupervisedCore();
    const server = await core.handlers['servers.add'](fixtureServerConfig('Fixture'));
    await core.handlers['connections.connect']({ serverId: server.id });
    await core.handlers['tools.call']({ serverId: server.id, name: 'echo', arguments: { message: 'first' }, callId: 'c1' });
    const page = await core.handlers['traffic.list']({});
    const call = page.entries.find((entry) => entry.method === 'tools/call' && entry.direction === 'out');
    expect(call).toBeDefined();

    await expect(core.handlers['traffic.replay']({ seq: call!.seq, params: { name: 'echo', arguments: { message: nested(1_950) } } })).rejects.toMatchObject({
      code: 'too-deep',
      message: expect.stringContaining("The traffic.replay request's parameters nest more than 1,000 levels deep"),
    });
    expect(await core.handlers['core.status']()).toMatchObject({ state: 'running' });
  });
});

describe('Medium 1: an app message too deep for the record', () => {
  it("apps.record of an app's 1,950-deep non-JSON-RPC message records a note in its place; the rest of the batch arrives", async () => {
    const core = await startSupervisedCore(undefined, {}, { appFrameOrigin: 'http://{app}.localhost:1' });
    const server = await core.handlers['servers.add']({
      name: 'Apps',
      transport: { type: 'stdio', command: APP_NODE_COMMAND, args: [fileURLToPath(new URL('../fixtures/modern-app-server.mjs', import.meta.url))], env: [] },
    });
    await core.handlers['connections.connect']({ serverId: server.id });
    const app = await core.handlers['apps.open']({ serverId: server.id, uri: 'ui://counter/app.html' });
    const pid = core.pid;

    await core.handlers['apps.record']({
      appId: app.appId,
      records: [
        { direction: 'in', message: { notJsonRpc: nested(1_950) }, violation: 'The app posted something that is not a JSON-RPC 2.0 message; Loupe ignored it.' },
        { direction: 'in', message: { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { height: 10 } } },
      ],
    });

    expect(await core.handlers['core.status']()).toMatchObject({ state: 'running', pid });
    const entries = (await core.handlers['traffic.list']({})).entries.filter((entry) => entry.app?.appId === app.appId);
    expect(entries.map((entry) => [entry.kind, entry.violation ?? entry.method])).toEqual([
      ['note', 'The app posted a message nested more than 512 levels deep; Loupe records this note in its place. The app posted something that is not a JSON-RPC 2.0 message; Loupe ignored it.'],
      ['notification', 'ui/notifications/size-changed'],
    ]);
  });
});

describe('an app closed before it answered (issue 24: ui/resource-teardown stayed pending)', () => {
  it("apps.close ends the app's open requests in the live log, as the record on disk ends them", async () => {
    const core = await startSupervisedCore(undefined, {}, { appFrameOrigin: 'http://{app}.localhost:1' });
    const server = await core.handlers['servers.add']({
      name: 'Apps',
      transport: { type: 'stdio', command: APP_NODE_COMMAND, args: [fileURLToPath(new URL('../fixtures/modern-app-server.mjs', import.meta.url))], env: [] },
    });
    await core.handlers['connections.connect']({ serverId: server.id });
    const app = await core.handlers['apps.open']({ serverId: server.id, uri: 'ui://counter/app.html' });
    await core.handlers['apps.record']({ appId: app.appId, records: [{ direction: 'out', message: { jsonrpc: '2.0', id: 7, method: 'ui/resource-teardown', params: {} } }] });
    const teardown = async () => (await core.handlers['traffic.list']({})).entries.find((entry) => entry.app?.appId === app.appId && entry.method === 'ui/resource-teardown');
    expect((await teardown())?.outcome).toBe('pending');
    await core.handlers['apps.close']({ appId: app.appId });
    expect(await teardown()).toMatchObject({ outcome: 'unanswered', ending: { reason: 'The app was closed before it answered.' } });
  });
});

describe("Medium 1: the core's side of the channel", () => {
  /** The child's own report; run with JSON serialization, so a deep message that does go out cannot hurt this process. */
  function sendFromCoreSide(depth: number): Promise<{ received: string[]; result: { sent: boolean; message?: string } }> {
    return new Promise((resolve, reject) => {
      const child = fork(CROSSING_SENDER, [String(depth)], { serialization: 'json', stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
      const received: string[] = [];
      child.on('message', (message) => {
        const { name, payload } = message as { name: string; payload: { sent: boolean; message?: string } };
        received.push(name);
        if (name === 'result') resolve({ received, result: payload });
      });
      child.on('exit', () => reject(new Error('The sender exited without a result.')));
    });
  }

  it('an event nested past the bound is refused with the sentence before it is sent; a shallower one goes', async () => {
    const refused = await sendFromCoreSide(1_950);
    expect(refused.received).toEqual(['result']);
    expect(refused.result).toEqual({ sent: false, message: "The event message's contents nest more than 1,001 levels deep; Loupe passes at most 1,001 levels between its processes." });

    const sent = await sendFromCoreSide(MAX_CROSSING_DEPTH);
    expect(sent.received).toEqual(['deep', 'result']);
  });
});
