import { createParser } from 'eventsource-parser';

/** A message's text longer than this is not kept as its bytes (the entry still has the parsed message). */
export const MAX_WIRE_TEXT_BYTES = 64 * 1024 * 1024;
/** Texts waiting for their message: an unmatched one (a batch body, an event the SDK ignored) is let go past these. */
const MAX_WAITING = 256;
const MAX_WAITING_BYTES = 128 * 1024 * 1024;

/**
 * What pairs a text with the message parsed from it: a response by its id, a request by its method
 * and id, a notification by its method. (The SDK's schemas rebuild each message, so its key order,
 * and hence its serialization, need not be the wire's.) Undefined for what is not one message.
 */
export function messageKey(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const { id, method } = message as { id?: unknown; method?: unknown };
  const idText = typeof id === 'string' || typeof id === 'number' ? JSON.stringify(id) : undefined;
  if (typeof method === 'string') return idText === undefined ? `notification ${method}` : `request ${method} ${idText}`;
  if (idText !== undefined && ('result' in message || 'error' in message)) return `response ${idText}`;
  return undefined;
}

function keyOfText(text: string): string | undefined {
  try {
    return messageKey(JSON.parse(text));
  } catch {
    return undefined;
  }
}

interface WaitingText {
  key: string;
  text: string;
}

/**
 * The exact texts of the JSON-RPC messages an HTTP connection received (response bodies and
 * server-sent events), in arrival order, for the recorder to pair with the messages the SDK's
 * transport parsed from them (see `messageKey`). A batch body or a text that is not JSON-RPC
 * waits unpaired until newer texts push it out.
 */
export class WireTexts {
  private waiting: WaitingText[] = [];
  private waitingBytes = 0;

  push(text: string): void {
    if (text.length > MAX_WIRE_TEXT_BYTES) return;
    const key = keyOfText(text);
    if (key === undefined) return;
    this.waiting.push({ key, text });
    this.waitingBytes += text.length;
    while (this.waiting.length > MAX_WAITING || this.waitingBytes > MAX_WAITING_BYTES) this.waitingBytes -= this.waiting.shift()!.text.length;
  }

  /** The text the message was parsed from, taken out of the queue; undefined when none was read. */
  take(message: unknown): string | undefined {
    const key = messageKey(message);
    if (key === undefined) return undefined;
    const index = this.waiting.findIndex((waiting) => waiting.key === key);
    if (index < 0) return undefined;
    const [found] = this.waiting.splice(index, 1);
    this.waitingBytes -= found!.text.length;
    return found!.text;
  }

  /**
   * The response with its body passed through a tap that hands every JSON-RPC text to the queue
   * before the reader downstream (the SDK's transport) sees the end of it: a JSON body when it
   * ends, each server-sent event as it completes. Other responses are returned as they are.
   */
  tap(response: Response): Response {
    if (!response.body) return response;
    const collector = wireTextCollector(response.headers.get('content-type'), (text) => this.push(text));
    if (!collector) return response;
    const tap = new TransformStream<Uint8Array, Uint8Array>({
      transform: (chunk, controller) => {
        collector.push(chunk);
        controller.enqueue(chunk);
      },
      flush: () => collector.end(),
    });
    return new Response(response.body.pipeThrough(tap), { status: response.status, statusText: response.statusText, headers: response.headers });
  }
}

/** Takes a body's bytes as they pass and hands on the JSON-RPC texts in it. */
export interface WireTextCollector {
  push(chunk: Uint8Array): void;
  /** The body ended. */
  end(): void;
}

/**
 * A collector for a body of this content type: a JSON body gives its whole text when it ends (up to
 * MAX_WIRE_TEXT_BYTES), an event stream each event's data as the event completes (a stream that
 * goes MAX_WIRE_TEXT_BYTES without completing one stops being read). Undefined for other types.
 */
export function wireTextCollector(contentType: string | null | undefined, onText: (text: string) => void): WireTextCollector | undefined {
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('application/json')) return jsonBodyCollector(onText);
  if (type.includes('text/event-stream')) return eventStreamCollector(onText);
  return undefined;
}

function jsonBodyCollector(onText: (text: string) => void): WireTextCollector {
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  return {
    push: (chunk) => {
      bytes += chunk.byteLength;
      if (bytes <= MAX_WIRE_TEXT_BYTES) chunks.push(chunk);
    },
    end: () => {
      if (bytes <= MAX_WIRE_TEXT_BYTES) onText(Buffer.concat(chunks).toString('utf8'));
    },
  };
}

function eventStreamCollector(onText: (text: string) => void): WireTextCollector {
  const decoder = new TextDecoder();
  // Bytes since the last complete event: a stream that never completes one stops being read here.
  let pending = 0;
  let reading = true;
  const parser = createParser({
    onEvent: (event) => {
      pending = 0;
      if (event.event === undefined || event.event === 'message') onText(event.data);
    },
  });
  return {
    push: (chunk) => {
      if (!reading) return;
      pending += chunk.byteLength;
      if (pending > MAX_WIRE_TEXT_BYTES) {
        reading = false;
        parser.reset();
      } else {
        parser.feed(decoder.decode(chunk, { stream: true }));
      }
    },
    end: () => undefined,
  };
}
