/** Long bridge messages travel as binary chunk frames and are put back together whole. */
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { WebSocket as WsSocket } from 'ws';
import { createWebSocketBridge } from '../../main/host/ws-bridge.js';
import { parseJsonBytes } from '../../renderer/src/bridge/parse-off-thread.js';
import { WebSocketBridge } from '../../renderer/src/bridge/websocket-bridge.js';
import { chunkFrames, readChunkFrame, WIRE_CHUNK_BYTES } from '../../shared/wire.js';
import { createFakeCore } from '../host/helpers.js';

/** What the host's bridge sends on a socket. */
class HostSideSocket extends EventEmitter {
  readyState: number = WsSocket.OPEN;
  bufferedAmount = 0;
  sent: Array<string | Uint8Array> = [];
  send = vi.fn((data: string | Uint8Array) => this.sent.push(data));
  terminate = vi.fn();
}

/** The page's side: a socket the test feeds frames into. */
class PageSideSocket extends EventTarget {
  static readonly OPEN = 1;
  readyState = 1;
  binaryType = 'blob';
  sent: string[] = [];
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
  receive(data: string | ArrayBuffer) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

const until = async (check: () => boolean) => {
  for (let tries = 0; tries < 500 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 2));
};

function hostBridge() {
  const fake = createFakeCore();
  const bridge = createWebSocketBridge(fake.core);
  const socket = new HostSideSocket();
  bridge.accept(socket as unknown as WsSocket);
  const request = (id: number, name: string, params?: unknown) => socket.emit('message', Buffer.from(JSON.stringify({ type: 'request', id, name, params })), false);
  return { fake, bridge, socket, request };
}

describe('chunked bridge messages', () => {
  it('the host sends a long result as binary frames no longer than a chunk, which read back into the same message', async () => {
    const { fake, bridge, socket, request } = hostBridge();
    const text = 'a quick brown fox 🦊 '.repeat(100_000);
    fake.spies['traffic.get'].mockResolvedValueOnce({ big: text });
    request(3, 'traffic.get', { seq: 1 });
    await until(() => {
      const last = socket.sent.at(-1);
      const frame = last instanceof Uint8Array ? readChunkFrame(last) : undefined;
      return frame !== undefined && frame.index === frame.count - 1;
    });
    expect(socket.sent.every((frame) => frame instanceof Uint8Array)).toBe(true);
    const frames = socket.sent.map((frame) => readChunkFrame(frame as Uint8Array)!);
    expect(frames.length).toBeGreaterThan(5);
    for (const frame of frames) expect(frame.bytes.length).toBeLessThanOrEqual(WIRE_CHUNK_BYTES);
    // Slices may end inside a character (🦊 is four bytes); decoded together they are the message.
    expect(parseJsonBytes(frames.map((frame) => frame.bytes))).toEqual({ type: 'response', id: 3, ok: true, value: { big: text } });
    bridge.close();
  });

  it('a short result stays one text frame', async () => {
    const { fake, bridge, socket, request } = hostBridge();
    fake.spies['servers.list'].mockResolvedValueOnce([]);
    request(4, 'servers.list');
    await until(() => socket.sent.length > 0);
    expect(socket.sent).toEqual([JSON.stringify({ type: 'response', id: 4, ok: true, value: [] })]);
    bridge.close();
  });

  it('the page puts frames that arrive out of order back together, parses the whole with its long-message parser, and delivers events meanwhile', async () => {
    const sockets: PageSideSocket[] = [];
    const previous = globalThis.WebSocket;
    globalThis.WebSocket = PageSideSocket as unknown as typeof WebSocket;
    const parseLong = vi.fn(async (pieces: Uint8Array[]) => parseJsonBytes(pieces));
    try {
      const bridge = new WebSocketBridge(
        'ws://loupe.test/bridge',
        () => {
          const socket = new PageSideSocket();
          sockets.push(socket);
          queueMicrotask(() => socket.dispatchEvent(new Event('open')));
          return socket as unknown as WebSocket;
        },
        parseLong,
      );
      await until(() => bridge.getLinkState().status === 'open');
      expect(sockets[0]!.binaryType).toBe('arraybuffer');
      const result = bridge.invoke('traffic.get', { seq: 9 });
      const request = JSON.parse(sockets[0]!.sent[0]!) as { id: number };
      const value = { seq: 9, text: 'ÿ'.repeat(3 * WIRE_CHUNK_BYTES) };
      const frames = chunkFrames(77, new TextEncoder().encode(JSON.stringify({ type: 'response', id: request.id, ok: true, value })));
      const events: string[] = [];
      bridge.on('traffic.cleared', () => events.push('cleared'));
      for (const frame of [...frames.slice(1).reverse(), frames[0]!]) {
        sockets[0]!.receive(frame.slice().buffer);
        if (events.length === 0) sockets[0]!.receive(JSON.stringify({ type: 'event', name: 'traffic.cleared' }));
      }
      await expect(result).resolves.toEqual(value);
      expect(parseLong).toHaveBeenCalledTimes(1);
      expect(events).toEqual(['cleared']);
    } finally {
      globalThis.WebSocket = previous;
    }
  });
});
