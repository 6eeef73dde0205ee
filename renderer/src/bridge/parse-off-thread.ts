/**
 * Large replies are parsed off the page's main thread: a worker fetches a browser-mode reply from
 * the host (`/replies/<id>`, so its body never passes through the main thread), or decodes the
 * bytes the Electron preload handed over, and parses the JSON.
 */
import { replyFromJson } from '../../../shared/wire';
import { putLongStrings, type LongStringPlace } from './long-strings';

/** Parses a large reply: the path the host serves it from, or its JSON's UTF-8 bytes. */
export type ParseLargeReply = (source: LargeReplySource) => Promise<unknown>;
export type LargeReplySource = { url: string } | { bytes: Uint8Array };

export type ParseRequest = { id: number } & LargeReplySource;
/** A request, or the port long strings are also sent to (once, at start). */
export type ParseWorkerMessage = ParseRequest | { sharePort: MessagePort };
/** A slice of a long string comes first, on its own (see long-strings.ts); then the value, or the error. */
export type ParseReply = { id: number; slice: string } | { id: number; value: unknown; places: LongStringPlace[] } | { id: number; error: string };

/** What the worker does with one request; also the fallback where workers cannot start. */
export async function parseLargeReply(source: LargeReplySource): Promise<unknown> {
  if ('bytes' in source) return replyFromJson(JSON.parse(new TextDecoder().decode(source.bytes)));
  const response = await fetch(source.url, { credentials: 'same-origin', cache: 'no-store' });
  const text = await decodeAsItArrives(response);
  if (!response.ok) throw new Error(`The reply could not be fetched (HTTP ${response.status}): ${text.trim()}`);
  return replyFromJson(JSON.parse(text));
}

/**
 * The body as text, each piece decoded while the next is on its way. Measured in Chromium on a
 * 20 MB body: about 320 ms, against 330–400 ms for arrayBuffer() then decode and 450 ms for text().
 */
async function decodeAsItArrives(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const pieces: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pieces.push(decoder.decode(value, { stream: true }));
  }
  pieces.push(decoder.decode());
  return pieces.join('');
}

/** Where the parse worker also sends long strings, so a view of one opens without the page copying it (see long-strings.ts). */
export interface LongTextShare {
  /** A port to the receiving worker, handed to the parse worker; null when there is none. */
  openPort: () => MessagePort | null;
  /** A long string arrived on the page too; `key` is its name on the receiving side. */
  joined: (text: string, key: number) => void;
}

/** The worker, started on first use; where it cannot start, the work is done in place. */
export function workerReplyParser(share?: LongTextShare): ParseLargeReply {
  let worker: Worker | null | undefined;
  let nextId = 1;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void; slices: string[] }>();
  const joined = (text: string, place: LongStringPlace) => {
    if (place.sharedKey !== undefined) share?.joined(text, place.sharedKey);
  };
  const start = (): Worker | null => {
    try {
      const started = new Worker(new URL('./json-parse.worker.ts', import.meta.url), { type: 'module', name: 'loupe-bridge-parse' });
      started.onmessage = (event: MessageEvent<ParseReply>) => {
        const reply = event.data;
        const call = waiting.get(reply.id);
        if (!call) return;
        if ('slice' in reply) {
          call.slices.push(reply.slice);
          return;
        }
        waiting.delete(reply.id);
        if ('error' in reply) {
          call.reject(new Error(reply.error));
          return;
        }
        const value = putLongStrings(reply.value, reply.places, call.slices, joined);
        // Joining megabytes is one task already: whoever waits for the value (a store, a render) runs in the next.
        if (reply.places.length > 0) setTimeout(() => call.resolve(value), 0);
        else call.resolve(value);
      };
      const port = share?.openPort();
      if (port) started.postMessage({ sharePort: port } satisfies ParseWorkerMessage, [port]);
      return started;
    } catch {
      return null;
    }
  };
  return (source) => {
    worker ??= start();
    if (!worker) return parseLargeReply(source);
    const id = nextId++;
    const target = worker;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject, slices: [] });
      const request: ParseWorkerMessage = { id, ...source };
      // Bytes are moved, not copied.
      target.postMessage(request, 'bytes' in source ? [source.bytes.buffer as ArrayBuffer] : []);
    });
  };
}
