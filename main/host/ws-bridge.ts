import { WebSocket, type RawData } from 'ws';
import { chunkFrames, WIRE_CHUNK_BYTES, type WireMessage, type WireRequest } from '../../shared/wire.js';
import type { Core } from '../core/core.js';
import { dispatchRequest } from '../core/dispatch.js';
import { withSendableEntries } from '../core/traffic/sendable-entry.js';

/** A tab that stops reading is dropped once this much is queued for it. */
export const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

export interface WebSocketBridge {
  /** Starts serving an already authenticated socket. */
  accept(socket: WebSocket): void;
  readonly socketCount: number;
  /** Unsubscribes from the core and closes every socket. */
  close(): void;
}

export interface WebSocketBridgeOptions {
  maxBufferedBytes?: number;
}

type ParsedFrame = { ok: true; request: WireRequest } | { ok: false; id: number | undefined; message: string };

function rawDataToText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

export function parseWireRequest(text: string): ParsedFrame {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return { ok: false, id: undefined, message: 'Frame is not JSON.' };
  }
  if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) {
    return { ok: false, id: undefined, message: 'Frame is not an object.' };
  }
  const { type, id, name, params } = frame as Record<string, unknown>;
  const validId = typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined;
  if (type !== 'request' || validId === undefined || typeof name !== 'string') {
    return { ok: false, id: validId, message: 'Frame is not a request: expected {type:"request", id, name, params}.' };
  }
  return { ok: true, request: { type, id: validId, name, params } };
}

/** Carries the contract over WebSocket: requests go to dispatchRequest, core events fan out to every socket. */
export function createWebSocketBridge(core: Core, options: WebSocketBridgeOptions = {}): WebSocketBridge {
  const maxBufferedBytes = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  const sockets = new Set<WebSocket>();

  function send(socket: WebSocket, text: string | Uint8Array): void {
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > maxBufferedBytes) {
      // Dropping the socket frees its queue; the page reconnects and reloads its state.
      sockets.delete(socket);
      socket.terminate();
      return;
    }
    socket.send(text);
  }

  function serialize(message: WireMessage): string | undefined {
    try {
      return JSON.stringify(message);
    } catch {
      return undefined;
    }
  }

  let nextTransferId = 1;

  /** A long message goes in binary chunk frames, one per turn of the event loop, so other work goes on between them. */
  async function sendInChunks(socket: WebSocket, bytes: Uint8Array): Promise<void> {
    for (const frame of chunkFrames(nextTransferId++, bytes)) {
      send(socket, frame);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async function respond(socket: WebSocket, message: Extract<WireMessage, { type: 'response' }>): Promise<void> {
    const text =
      serialize(message) ??
      serialize('value' in message ? { ...message, value: withSendableEntries(message.value) } : message) ??
      serialize({ type: 'response', id: message.id, ok: false, error: { message: 'The result could not be serialized.' } });
    if (text === undefined) return;
    // Characters take one to three bytes: only a text that may pass the limit is measured.
    const bytes = text.length > WIRE_CHUNK_BYTES / 3 ? Buffer.from(text, 'utf8') : undefined;
    if (bytes && bytes.length > WIRE_CHUNK_BYTES) await sendInChunks(socket, bytes);
    else send(socket, text);
  }

  async function handleFrame(socket: WebSocket, data: RawData, isBinary: boolean): Promise<void> {
    if (isBinary) return;
    const parsed = parseWireRequest(rawDataToText(data));
    if (!parsed.ok) {
      if (parsed.id !== undefined) {
        await respond(socket, { type: 'response', id: parsed.id, ok: false, error: { message: parsed.message, code: 'invalid-request' } });
      }
      return;
    }
    const { id, name, params } = parsed.request;
    const result = await dispatchRequest(core.handlers, name, params);
    await respond(socket, { type: 'response', id, ...result });
  }

  const unsubscribe = core.subscribe((name, payload) => {
    if (sockets.size === 0) return;
    let text = serialize({ type: 'event', name, payload });
    // One entry that cannot be serialized must not take the rest of its batch with it.
    if (text === undefined && name === 'traffic.appended') text = serialize({ type: 'event', name, payload: withSendableEntries(payload) });
    if (text === undefined) return;
    for (const socket of sockets) send(socket, text);
  });

  return {
    accept(socket) {
      sockets.add(socket);
      socket.on('message', (data, isBinary) => {
        handleFrame(socket, data, isBinary).catch(() => socket.terminate());
      });
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => sockets.delete(socket));
    },
    get socketCount() {
      return sockets.size;
    },
    close() {
      unsubscribe();
      for (const socket of sockets) socket.terminate();
      sockets.clear();
    },
  };
}
