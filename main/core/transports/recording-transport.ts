import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import type { WireReport } from '../traffic/traffic-log.js';
import { standInForTooDeep } from './too-deep.js';
import type { WireTexts } from './wire-texts.js';

/**
 * Wraps an SDK transport (Streamable HTTP, SSE) so every message in both directions is recorded
 * with its text as it was on the wire. The SDK's transports post `JSON.stringify(message)`, so an
 * outgoing message's serialization is its bytes; an incoming one's bytes come from `wireTexts`,
 * which the recording fetch fills from the response bodies. The stdio transport records on its
 * own, at the byte level.
 */
/** Told of every message on the wire, beside the record (e.g. the tools' header declarations). */
export interface WireWatcher {
  noteSent(message: JSONRPCMessage): void;
  noteReceived(message: JSONRPCMessage): void;
}

export function recordTransport(inner: Transport, recorder: WireReport, wireTexts?: WireTexts, watcher?: WireWatcher): Transport {
  const record = (direction: 'in' | 'out', message: JSONRPCMessage) => {
    if (direction === 'out') watcher?.noteSent(message);
    else watcher?.noteReceived(message);
    let text: string;
    try {
      text = JSON.stringify(message);
    } catch {
      // Too deep to serialize again (the SDK transport parsed it); the record says so.
      return recorder.message(direction, message, Number.MAX_SAFE_INTEGER, undefined);
    }
    if (direction === 'out') return recorder.message(direction, message, Buffer.byteLength(text, 'utf8'), text);
    const wire = wireTexts?.take(message);
    if (wire !== undefined) return recorder.message(direction, message, Buffer.byteLength(wire, 'utf8'), wire);
    // Not found among the bodies read (a batch, or past the size limit): the text is serialized again.
    return recorder.message(direction, message, Buffer.byteLength(text, 'utf8'), text, undefined, false);
  };
  const wrapper: Transport = {
    start: () => inner.start(),
    close: () => inner.close(),
    send: async (message: JSONRPCMessage, options?: TransportSendOptions) => {
      record('out', message);
      try {
        await inner.send(message, options);
      } catch (error) {
        // The HTTP exchange that carried it failed (a refused POST, a 401 the SDK then signs in
        // for): no JSON-RPC answer to this id will come, so the request ends here, with the reason.
        if ('id' in message && 'method' in message) recorder.noAnswer(message.id, 'failed', `sending it failed (${error instanceof Error ? error.message : String(error)}).`);
        throw error;
      }
    },
    setProtocolVersion: (version: string) => inner.setProtocolVersion?.(version),
    setSupportedProtocolVersions: (versions: string[]) => inner.setSupportedProtocolVersions?.(versions),
    get sessionId() {
      return inner.sessionId;
    },
    // Streamable HTTP opens one stream per request; on 2026-07-28 closing it is how a request is cancelled.
    ...(inner.hasPerRequestStream ? { hasPerRequestStream: true } : {}),
  };
  inner.onmessage = (message, extra) => {
    const cls = record('in', message);
    if (cls.tooDeep) {
      const standIn = standInForTooDeep(cls);
      if (standIn) wrapper.onmessage?.(standIn, extra);
      return;
    }
    wrapper.onmessage?.(message, extra);
  };
  inner.onerror = (error) => wrapper.onerror?.(error);
  inner.onclose = () => wrapper.onclose?.();
  return wrapper;
}
