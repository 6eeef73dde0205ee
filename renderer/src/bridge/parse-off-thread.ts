/** Decodes and parses the UTF-8 bytes of a long bridge message (in pieces, as they came). */
export type ParseJsonBytes = (pieces: Uint8Array[]) => Promise<unknown>;

type Reply = { id: number; value: unknown } | { id: number; error: string };

/** Decodes the pieces as one UTF-8 text and parses it. */
export function parseJsonBytes(pieces: readonly Uint8Array[]): unknown {
  const decoder = new TextDecoder();
  let text = '';
  for (const piece of pieces) text += decoder.decode(piece, { stream: true });
  return JSON.parse(text + decoder.decode());
}

/**
 * Decoding and parsing in a worker (the pieces are moved, not copied), started on first use.
 * Where workers cannot start, it happens in place: slower for the page, but nothing is lost.
 */
export function workerJsonParser(): ParseJsonBytes {
  let worker: Worker | null | undefined;
  let nextId = 1;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const start = (): Worker | null => {
    try {
      const started = new Worker(new URL('./json-parse.worker.ts', import.meta.url), { type: 'module', name: 'loupe-bridge-parse' });
      started.onmessage = (event: MessageEvent<Reply>) => {
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
  return (pieces) => {
    worker ??= start();
    if (!worker) return Promise.resolve().then(() => parseJsonBytes(pieces));
    const id = nextId++;
    const target = worker;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      target.postMessage({ id, pieces }, pieces.map((piece) => piece.buffer as ArrayBuffer));
    });
  };
}
