import { WebSocket, type RawData } from 'ws';
import { replyFromJson, SERIALIZED_REPLY_MIN_CHARS, type WireMessage, type WireRequest } from '../../shared/wire.js';
import type { Core, CoreReply } from '../core/core.js';
import { takeReplyFile } from '../core-process/reply-files.js';
import type { ReplyStash } from './reply-stash.js';
import { dispatchForBridge } from '../core/dispatch.js';
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
  /** Where large replies wait for the page to fetch them; without it they go inline. */
  replies?: ReplyStash;
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

  function send(socket: WebSocket, text: string): void {
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > maxBufferedBytes) {
      // Dropping the socket frees its queue; the page reconnects and reloads its state.
      sockets.delete(socket);
      socket.terminate();
      return;
    }
    socket.send(text);
  }

  function serialize(message: unknown): string | undefined {
    try {
      return JSON.stringify(message);
    } catch {
      return undefined;
    }
  }

  /** Sends a response: inline when small, else stashed for the page's worker to fetch. */
  async function respond(socket: WebSocket, id: number, reply: CoreReply): Promise<void> {
    if (!reply.ok) {
      send(socket, JSON.stringify({ type: 'response', id, ok: false, error: reply.error }));
      return;
    }
    if ('file' in reply) {
      if (options.replies) sendFetchNotice(socket, id, options.replies.add({ file: reply.file }));
      else sendValueText(socket, id, JSON.stringify(replyFromJson(JSON.parse((await takeReplyFile(reply.file)).toString('utf8')))));
      return;
    }
    // A core process sent the value's text; an in-process core's value is serialized here.
    const text = 'text' in reply ? reply.text : (serialize(reply.value) ?? serialize(withSendableEntries(reply.value)));
    if (text === undefined) {
      send(socket, JSON.stringify({ type: 'response', id, ok: false, error: { message: 'The result could not be serialized.' } }));
    } else if (text.length >= SERIALIZED_REPLY_MIN_CHARS && options.replies) {
      sendFetchNotice(socket, id, options.replies.add({ bytes: Buffer.from(text, 'utf8') }));
    } else {
      sendValueText(socket, id, text);
    }
  }

  function sendValueText(socket: WebSocket, id: number, valueText: string): void {
    send(socket, `{"type":"response","id":${id},"ok":true,"value":${valueText}}`);
  }

  function sendFetchNotice(socket: WebSocket, id: number, path: string): void {
    const notice: WireMessage = { type: 'response', id, ok: true, fetch: path };
    send(socket, JSON.stringify(notice));
  }

  async function handleFrame(socket: WebSocket, data: RawData, isBinary: boolean): Promise<void> {
    if (isBinary) return;
    const parsed = parseWireRequest(rawDataToText(data));
    if (!parsed.ok) {
      if (parsed.id !== undefined) {
        await respond(socket, parsed.id, { ok: false, error: { message: parsed.message, code: 'invalid-request' } });
      }
      return;
    }
    const { id, name, params } = parsed.request;
    await respond(socket, id, await dispatchForBridge(core, name, params));
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
