import { describe, expect, it, vi } from 'vitest';
import { BridgeError } from '../../renderer/src/bridge/bridge-error.js';
import { createElectronBridge } from '../../renderer/src/bridge/electron-bridge.js';
import { WebSocketBridge } from '../../renderer/src/bridge/websocket-bridge.js';
import { parseLargeReply } from '../../renderer/src/bridge/parse-off-thread.js';
import type { PreloadApi, WireReply } from '../../shared/wire.js';

function preload(result: WireReply): PreloadApi {
  return { request: async () => result, on: () => () => undefined };
}

describe('both bridges fail with one error type', () => {
  it('Electron: a failed request rejects with a BridgeError carrying the message and code', async () => {
    const bridge = createElectronBridge(preload({ ok: false, error: { message: 'There is no server with id "s9".', code: 'unknown-server' } }));
    const failure = bridge.invoke('connections.connect', { serverId: 's9' });
    await expect(failure).rejects.toBeInstanceOf(BridgeError);
    await expect(failure).rejects.toMatchObject({ message: 'There is no server with id "s9".', code: 'unknown-server' });
    await expect(createElectronBridge(preload({ ok: true, value: [] })).invoke('servers.list')).resolves.toEqual([]);
  });

  it('Electron: a large value comes as its JSON bytes, and the large-reply parser reads them', async () => {
    const parseLarge = vi.fn(parseLargeReply);
    const bytes = new TextEncoder().encode('[{"id":"s1","name":"Ünïcode ☃"}]');
    const bridge = createElectronBridge(preload({ ok: true, json: bytes }), parseLarge);
    await expect(bridge.invoke('servers.list')).resolves.toEqual([{ id: 's1', name: 'Ünïcode ☃' }]);
    expect(parseLarge).toHaveBeenCalledExactlyOnceWith({ bytes });
  });

  it('WebSocket: a refused request and a lost link reject with BridgeErrors too', async () => {
    const sockets: FakeSocket[] = [];
    class FakeSocket extends EventTarget {
      static readonly OPEN = 1;
      readyState = 0;
      sent: string[] = [];
      constructor() {
        super();
        sockets.push(this);
      }
      send(data: string) {
        this.sent.push(data);
      }
      close() {
        this.readyState = 3;
        this.dispatchEvent(new Event('close'));
      }
      open() {
        this.readyState = 1;
        this.dispatchEvent(new Event('open'));
      }
      reply(data: unknown) {
        this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data) }));
      }
    }
    // The lost link schedules a reconnect: fake timers keep it from running after the test.
    vi.useFakeTimers();
    const previous = globalThis.WebSocket;
    globalThis.WebSocket = FakeSocket as unknown as typeof WebSocket;
    try {
      const bridge = new WebSocketBridge('ws://loupe.test/bridge', () => new FakeSocket() as unknown as WebSocket);
      sockets[0]!.open();
      const refused = bridge.invoke('connections.connect', { serverId: '' });
      const request = JSON.parse(sockets[0]!.sent[0]!) as { id: number };
      sockets[0]!.reply({ type: 'response', id: request.id, ok: false, error: { message: 'Invalid parameters for connections.connect: "serverId": must be a non-empty string.', code: 'invalid-params' } });
      await expect(refused).rejects.toBeInstanceOf(BridgeError);
      await expect(refused).rejects.toMatchObject({ code: 'invalid-params' });

      const pending = bridge.invoke('servers.list');
      sockets[0]!.close();
      await expect(pending).rejects.toBeInstanceOf(BridgeError);
      await expect(pending).rejects.toMatchObject({ code: 'link-lost' });
    } finally {
      globalThis.WebSocket = previous;
      vi.useRealTimers();
    }
  });
});
