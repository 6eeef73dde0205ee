import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import type { ConnectionRecorder } from '../traffic/traffic-log.js';
import { standInForTooDeep } from './too-deep.js';

/**
 * Wraps an SDK transport (Streamable HTTP, SSE) so every message in both directions is recorded.
 * The stdio transport records on its own, at the byte level.
 */
export function recordTransport(inner: Transport, recorder: ConnectionRecorder): Transport {
  const record = (direction: 'in' | 'out', message: JSONRPCMessage) => {
    let text: string;
    try {
      text = JSON.stringify(message);
    } catch {
      // Too deep to serialize again (the SDK transport parsed it); the record says so.
      return recorder.message(direction, message, Number.MAX_SAFE_INTEGER, undefined);
    }
    // The SDK's HTTP transports hand over parsed messages: the text is serialized again, not the wire's.
    return recorder.message(direction, message, Buffer.byteLength(text, 'utf8'), text, undefined, false);
  };
  const wrapper: Transport = {
    start: () => inner.start(),
    close: () => inner.close(),
    send: async (message: JSONRPCMessage, options?: TransportSendOptions) => {
      record('out', message);
      await inner.send(message, options);
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
