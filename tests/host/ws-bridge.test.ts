import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { createWebSocketBridge, parseWireRequest } from '../../main/host/ws-bridge.js';
import { createFakeCore } from './helpers.js';

/** Just enough of a ws socket to drive the bridge without a network. */
class FakeSocket extends EventEmitter {
  readyState: number = WebSocket.OPEN;
  bufferedAmount = 0;
  send = vi.fn();
  terminate = vi.fn(() => {
    this.readyState = WebSocket.CLOSED;
  });
}

const asWebSocket = (socket: FakeSocket) => socket as unknown as WebSocket;

describe('WebSocket bridge', () => {
  it('drops a socket whose send queue is too large, and keeps serving the others', () => {
    const fake = createFakeCore();
    const bridge = createWebSocketBridge(fake.core, { maxBufferedBytes: 1024 });
    const stuck = new FakeSocket();
    const healthy = new FakeSocket();
    bridge.accept(asWebSocket(stuck));
    bridge.accept(asWebSocket(healthy));

    stuck.bufferedAmount = 4096;
    fake.emit('traffic.cleared', undefined);
    expect(stuck.send).not.toHaveBeenCalled();
    expect(stuck.terminate).toHaveBeenCalledTimes(1);
    expect(healthy.send).toHaveBeenCalledWith(JSON.stringify({ type: 'event', name: 'traffic.cleared' }));
    expect(bridge.socketCount).toBe(1);

    fake.emit('traffic.cleared', undefined);
    expect(stuck.send).not.toHaveBeenCalled();
    expect(healthy.send).toHaveBeenCalledTimes(2);
    bridge.close();
    expect(fake.listenerCount()).toBe(0);
  });

  it('answers with an error when a result cannot be serialized', async () => {
    const fake = createFakeCore();
    fake.spies['app.info'].mockResolvedValueOnce({ big: 1n });
    const bridge = createWebSocketBridge(fake.core);
    const socket = new FakeSocket();
    bridge.accept(asWebSocket(socket));
    socket.emit('message', Buffer.from(JSON.stringify({ type: 'request', id: 5, name: 'app.info' })), false);
    await vi.waitFor(() => expect(socket.send).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(JSON.parse(String(socket.send.mock.calls[0]?.[0]))).toEqual({
      type: 'response',
      id: 5,
      ok: false,
      error: { message: 'The result could not be serialized.' },
    });
    bridge.close();
  });

  it('one traffic entry that cannot be serialized becomes a placeholder; the rest of its batch arrives', () => {
    const fake = createFakeCore();
    const bridge = createWebSocketBridge(fake.core);
    const socket = new FakeSocket();
    bridge.accept(asWebSocket(socket));
    const base = { serverId: 's', connectionId: 'c', direction: 'in' as const, time: 1, kind: 'notification' as const, size: 10 };
    fake.emit('traffic.appended', [
      { ...base, seq: 1, message: { ok: true } },
      { ...base, seq: 2, message: { big: 1n } },
      { ...base, seq: 3, message: { ok: 3 } },
    ]);
    const sent = JSON.parse(String(socket.send.mock.calls[0]?.[0])) as { payload: Array<{ seq: number; message?: unknown; problem?: string }> };
    expect(sent.payload.map((entry) => entry.seq)).toEqual([1, 2, 3]);
    expect(sent.payload[0]?.message).toEqual({ ok: true });
    expect(sent.payload[1]?.message).toBeUndefined();
    expect(sent.payload[1]?.problem).toMatch(/^This entry could not be sent to the window \(.*BigInt.*\)\.$/);
    expect(sent.payload[2]?.message).toEqual({ ok: 3 });
    bridge.close();
  });

  it('a traffic page with one unserializable entry is answered with a placeholder for it', async () => {
    const fake = createFakeCore();
    const base = { serverId: 's', connectionId: 'c', direction: 'in' as const, time: 1, kind: 'notification' as const, size: 10 };
    fake.spies['traffic.list'].mockResolvedValueOnce({ entries: [{ ...base, seq: 1, message: { big: 1n } }, { ...base, seq: 2, message: {} }], dropped: 0 });
    const bridge = createWebSocketBridge(fake.core);
    const socket = new FakeSocket();
    bridge.accept(asWebSocket(socket));
    socket.emit('message', Buffer.from(JSON.stringify({ type: 'request', id: 7, name: 'traffic.list', params: {} })), false);
    await vi.waitFor(() => expect(socket.send).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    const response = JSON.parse(String(socket.send.mock.calls[0]?.[0])) as { ok: boolean; value: { entries: Array<{ seq: number; problem?: string }> } };
    expect(response.ok).toBe(true);
    expect(response.value.entries.map((entry) => [entry.seq, entry.problem !== undefined])).toEqual([
      [1, true],
      [2, false],
    ]);
    bridge.close();
  });

  it('does not write to a socket that closed before its response was ready', async () => {
    const fake = createFakeCore();
    const bridge = createWebSocketBridge(fake.core);
    const socket = new FakeSocket();
    bridge.accept(asWebSocket(socket));
    socket.emit('message', Buffer.from(JSON.stringify({ type: 'request', id: 1, name: 'app.info' })), false);
    socket.readyState = WebSocket.CLOSED;
    socket.emit('close');
    await vi.waitFor(() => expect(fake.spies['app.info']).toHaveBeenCalled(), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(socket.send).not.toHaveBeenCalled();
    expect(bridge.socketCount).toBe(0);
    bridge.close();
  });

  it('Medium 1: a frame whose parameters nest 100,000 levels deep gets a sentence and never reaches the core', async () => {
    const fake = createFakeCore();
    const bridge = createWebSocketBridge(fake.core);
    const socket = new FakeSocket();
    bridge.accept(asWebSocket(socket));
    const depth = 100_000;
    const frame = `{"type":"request","id":9,"name":"tools.call","params":{"serverId":"s","name":"echo","callId":"c","arguments":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}}`;
    socket.emit('message', Buffer.from(frame), false);
    await vi.waitFor(() => expect(socket.send).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(JSON.parse(String(socket.send.mock.calls[0]?.[0]))).toEqual({
      type: 'response',
      id: 9,
      ok: false,
      error: { message: "The tools.call request's parameters nest more than 1,000 levels deep; Loupe passes at most 1,000 levels between its processes.", code: 'too-deep' },
    });
    expect(fake.spies['tools.call']).not.toHaveBeenCalled();
    bridge.close();
  });

  it('parses only well-formed request envelopes', () => {
    expect(parseWireRequest('{"type":"request","id":1,"name":"app.info"}')).toEqual({
      ok: true,
      request: { type: 'request', id: 1, name: 'app.info', params: undefined },
    });
    expect(parseWireRequest('nope')).toMatchObject({ ok: false, id: undefined });
    expect(parseWireRequest('"text"')).toMatchObject({ ok: false, id: undefined });
    expect(parseWireRequest('{"type":"request","id":1.5,"name":"x"}')).toMatchObject({ ok: false, id: undefined });
    expect(parseWireRequest('{"type":"request","id":"1","name":"x"}')).toMatchObject({ ok: false, id: undefined });
    expect(parseWireRequest('{"type":"request","id":2,"name":5}')).toMatchObject({ ok: false, id: 2 });
    expect(parseWireRequest('{"type":"response","id":3,"name":"x"}')).toMatchObject({ ok: false, id: 3 });
  });
});
