/**
 * Large replies are parsed off the page's main thread: a worker fetches a browser-mode reply from
 * the host (`/replies/<id>`, so its body never passes through the main thread), or decodes the
 * bytes the Electron preload handed over, and parses the JSON.
 */

/** Parses a large reply: the path the host serves it from, or its JSON's UTF-8 bytes. */
export type ParseLargeReply = (source: LargeReplySource) => Promise<unknown>;
export type LargeReplySource = { url: string } | { bytes: Uint8Array };

export type ParseRequest = { id: number } & LargeReplySource;
type ParseReply = { id: number; value: unknown } | { id: number; error: string };

/** What the worker does with one request; also the fallback where workers cannot start. */
export async function parseLargeReply(source: LargeReplySource): Promise<unknown> {
  if ('bytes' in source) return JSON.parse(new TextDecoder().decode(source.bytes));
  const response = await fetch(source.url, { credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) throw new Error(`The reply could not be fetched (HTTP ${response.status}): ${(await response.text()).trim()}`);
  return JSON.parse(await response.text());
}

/** The worker, started on first use; where it cannot start, the work is done in place. */
export function workerReplyParser(): ParseLargeReply {
  let worker: Worker | null | undefined;
  let nextId = 1;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const start = (): Worker | null => {
    try {
      const started = new Worker(new URL('./json-parse.worker.ts', import.meta.url), { type: 'module', name: 'loupe-bridge-parse' });
      started.onmessage = (event: MessageEvent<ParseReply>) => {
        const call = waiting.get(event.data.id);
        if (!call) return;
        waiting.delete(event.data.id);
        if ('error' in event.data) call.reject(new Error(event.data.error));
        else call.resolve(event.data.value);
      };
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
      waiting.set(id, { resolve, reject });
      const request: ParseRequest = { id, ...source };
      // Bytes are moved, not copied.
      target.postMessage(request, 'bytes' in source ? [source.bytes.buffer as ArrayBuffer] : []);
    });
  };
}
