import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LoupeError } from '../../shared/wire.js';
import type { ConnectionState } from '../../shared/connection.js';
import { startHost, type RunningHost } from '../../main/host/start-host.js';
import {
  createFakeCore,
  createRendererDir,
  messageCollector,
  openWebSocket,
  rawUpgradeWithFrame,
  sleep,
  totalHandlerCalls,
  type FakeCore,
} from './helpers.js';

const TOKEN = 'ws-test-token-0123456789abcdefghijklmnopqrstu';
const CONNECT_FRAME = JSON.stringify({ type: 'request', id: 1, name: 'connections.connect', params: { serverId: 'evil' } });

describe('browser host WebSocket bridge', () => {
  let fake: FakeCore;
  let host: RunningHost;
  let renderer: Awaited<ReturnType<typeof createRendererDir>>;
  let origin: string;
  let bridgeUrl: string;
  const goodHeaders = () => ({ Origin: origin, Cookie: `loupe_token=${TOKEN}` });

  beforeEach(async () => {
    fake = createFakeCore();
    renderer = await createRendererDir();
    host = await startHost({ core: fake.core, host: '127.0.0.1', port: 0, rendererDir: renderer.rendererDir, token: TOKEN });
    origin = `http://127.0.0.1:${host.port}`;
    bridgeUrl = `ws://127.0.0.1:${host.port}/bridge`;
  });

  afterEach(async () => {
    await host.close();
    await renderer.cleanup();
  });

  it('dispatches a request smuggled with the handshake only when the upgrade is authenticated', async () => {
    // Positive control: the same bytes do reach the handler when token and Origin are right.
    const accepted = await rawUpgradeWithFrame(host.port, '/bridge', goodHeaders(), CONNECT_FRAME);
    expect(accepted).toMatch(/^HTTP\/1\.1 101 /);
    expect(fake.spies['connections.connect']).toHaveBeenCalledTimes(1);
    fake.spies['connections.connect'].mockClear();

    const refusals: [Record<string, string>, number][] = [
      [{ Origin: origin }, 401],
      [{ Origin: origin, Cookie: 'loupe_token=wrong' }, 401],
      [{ Cookie: `loupe_token=${TOKEN}` }, 403],
      [{ Origin: 'http://evil.example', Cookie: `loupe_token=${TOKEN}` }, 403],
    ];
    for (const [headers, status] of refusals) {
      const response = await rawUpgradeWithFrame(host.port, '/bridge', headers, CONNECT_FRAME);
      expect(response.startsWith(`HTTP/1.1 ${status} `), JSON.stringify(headers)).toBe(true);
    }
    const wrongQuery = await rawUpgradeWithFrame(host.port, '/bridge?token=nope', { Origin: origin }, CONNECT_FRAME);
    expect(wrongQuery).toMatch(/^HTTP\/1\.1 401 /);
    await sleep(50);
    expect(fake.spies['connections.connect']).not.toHaveBeenCalled();
    expect(totalHandlerCalls(fake.spies)).toBe(0);
  });

  it('refuses upgrades without a token, with a wrong token, Origin or Host', async () => {
    expect(await openWebSocket(bridgeUrl, { Origin: origin })).toEqual({ opened: false, status: 401 });
    expect(await openWebSocket(bridgeUrl, { Origin: origin, Cookie: 'loupe_token=x' })).toEqual({ opened: false, status: 401 });
    expect(await openWebSocket(`${bridgeUrl}?token=x`, { Origin: origin })).toEqual({ opened: false, status: 401 });
    expect(await openWebSocket(bridgeUrl, { Origin: 'http://evil.example', Cookie: `loupe_token=${TOKEN}` })).toEqual({
      opened: false,
      status: 403,
    });
    expect(await openWebSocket(bridgeUrl, { Cookie: `loupe_token=${TOKEN}` })).toEqual({ opened: false, status: 403 });
    expect(await openWebSocket(bridgeUrl, { ...goodHeaders(), Host: 'rebound.example:' + host.port })).toEqual({
      opened: false,
      status: 421,
    });
    expect(await openWebSocket(`ws://127.0.0.1:${host.port}/elsewhere`, goodHeaders())).toEqual({ opened: false, status: 404 });
    expect(totalHandlerCalls(fake.spies)).toBe(0);
  });

  it('dispatches requests, answers with response envelopes and delivers core events', async () => {
    const state: ConnectionState = { serverId: 's1', status: 'connected', connectionId: 'c1', since: 1_700_000_000_000 };
    fake.spies['connections.connect'].mockResolvedValueOnce(state);
    fake.spies['servers.remove'].mockResolvedValueOnce(undefined);
    fake.spies['tools.list'].mockRejectedValueOnce(new LoupeError('Not connected', 'not-connected'));

    const outcome = await openWebSocket(bridgeUrl, goodHeaders());
    if (!outcome.opened) throw new Error(`refused with ${outcome.status}`);
    const socket = outcome.socket;
    const inbox = messageCollector(socket);

    socket.send(JSON.stringify({ type: 'request', id: 7, name: 'connections.connect', params: { serverId: 's1' } }));
    expect(await inbox.next((m) => m.type === 'response' && m.id === 7)).toEqual({ type: 'response', id: 7, ok: true, value: state });
    expect(fake.spies['connections.connect']).toHaveBeenCalledWith({ serverId: 's1' });

    socket.send(JSON.stringify({ type: 'request', id: 8, name: 'servers.remove', params: { id: 'x' } }));
    expect(await inbox.next((m) => m.type === 'response' && m.id === 8)).toEqual({ type: 'response', id: 8, ok: true, value: null });

    socket.send(JSON.stringify({ type: 'request', id: 9, name: 'tools.list', params: { serverId: 's1' } }));
    expect(await inbox.next((m) => m.type === 'response' && m.id === 9)).toEqual({
      type: 'response',
      id: 9,
      ok: false,
      error: { message: 'Not connected', code: 'not-connected' },
    });

    socket.send(JSON.stringify({ type: 'request', id: 10, name: 'shell.exec', params: {} }));
    const unknown = await inbox.next((m) => m.type === 'response' && m.id === 10);
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown-request' } });

    fake.emit('connections.changed', state);
    expect(await inbox.next((m) => m.type === 'event')).toEqual({ type: 'event', name: 'connections.changed', payload: state });
    socket.close();
  });

  it('accepts the token in the query too, and fans events out to every socket', async () => {
    const first = await openWebSocket(`${bridgeUrl}?token=${TOKEN}`, { Origin: origin });
    const second = await openWebSocket(bridgeUrl, { Origin: `http://localhost:${host.port}`, Cookie: `loupe_token=${TOKEN}` });
    if (!first.opened || !second.opened) throw new Error('refused');
    const inboxes = [messageCollector(first.socket), messageCollector(second.socket)];
    fake.emit('traffic.cleared', undefined);
    for (const inbox of inboxes) {
      expect(await inbox.next((m) => m.type === 'event')).toEqual({ type: 'event', name: 'traffic.cleared' });
    }
    first.socket.close();
    second.socket.close();
  });

  it('survives malformed frames', async () => {
    const outcome = await openWebSocket(bridgeUrl, goodHeaders());
    if (!outcome.opened) throw new Error('refused');
    const socket = outcome.socket;
    const inbox = messageCollector(socket);

    socket.send('not json {');
    socket.send('null');
    socket.send('[1,2]');
    socket.send(JSON.stringify({ type: 'request', name: 'app.info' }));
    socket.send(Buffer.from([1, 2, 3]), { binary: true });
    socket.send(JSON.stringify({ type: 'nonsense', id: 3, name: 'app.info' }));
    const invalid = await inbox.next((m) => m.type === 'response' && m.id === 3);
    expect(invalid).toMatchObject({ ok: false, error: { code: 'invalid-request' } });

    socket.send(JSON.stringify({ type: 'request', id: 4, name: 'app.info' }));
    expect(await inbox.next((m) => m.type === 'response' && m.id === 4)).toMatchObject({ ok: true });
    expect(fake.spies['app.info']).toHaveBeenCalledTimes(1);
    expect(inbox.received.filter((m) => m.type === 'response')).toHaveLength(2);
    socket.close();
  });

  it('closes sockets and unsubscribes from the core on close', async () => {
    const outcome = await openWebSocket(bridgeUrl, goodHeaders());
    if (!outcome.opened) throw new Error('refused');
    const closed = new Promise((resolve) => outcome.socket.once('close', resolve));
    expect(fake.listenerCount()).toBe(1);
    await host.close();
    await closed;
    expect(fake.listenerCount()).toBe(0);
    await expect(openWebSocket(bridgeUrl, goodHeaders())).rejects.toThrow();
  });
});
