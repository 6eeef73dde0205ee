/**
 * The byte path's end of a proxy's recorder: hands a copy of each chunk to the recorder thread
 * after the chunk has gone on, and nothing more. When the thread falls too far behind (a slow disk,
 * a huge line) chunks are not copied but counted, and the thread says so in the record; when the
 * thread fails, the tap goes quiet. Either way the bytes are never held.
 */
import { Worker } from 'node:worker_threads';
import type { HttpExchange } from '../../shared/auth.js';
import type { InterceptDecision, InterceptRule } from '../../shared/proxy.js';
import type { Direction } from '../../shared/traffic.js';
import type { ProxyToCore } from '../core/proxy/link-messages.js';
import { workerFile } from '../core/base/worker-file.js';
import type { ChunkPart, FromRecorder, RecorderStart, ToRecorder, WireStream } from './recorder-protocol.js';

/** Bytes handed over and not yet taken in by the thread: past this, chunks are counted, not copied. */
const MAX_BEHIND_BYTES = 256 * 1024 * 1024;
/** How long the end of a session may wait for its record to be finished. */
const END_WAIT_MS = 3_000;
/**
 * Chunks are copied into a batch and handed over together, this long after the first: the thread,
 * and the app behind it, wake once per batch instead of once per message (on a busy machine each
 * wake-up costs the byte path more than the copy). The bytes themselves never wait. The window
 * shows traffic in batches of 50 ms (TRAFFIC_FLUSH_MS), so batches this long are not seen there;
 * 4 ms batches woke the thread, the core and the ack back ~6 times as often (bench/proxy-calls).
 */
const BATCH_MS = 25;
/** A batch's room (a chunk larger than this gets a batch of its own); a full batch is handed over at once. */
const BATCH_BYTES = 64 * 1024;

export interface RecorderTapOptions extends Omit<RecorderStart, 'consumed'> {
  onRules?(rules: InterceptRule[]): void;
  onDecide?(id: string, decision: InterceptDecision): void;
  onAppGone?(): void;
}

function now(): number {
  return performance.timeOrigin + performance.now();
}

export class RecorderTap {
  private readonly worker: Worker;
  private readonly consumed: BigInt64Array;
  private posted = 0;
  /** The batch being filled: copies of the chunks, one after another, and their parts. */
  private batch: Uint8Array<ArrayBuffer> | undefined;
  private batchUsed = 0;
  private parts: ChunkPart[] = [];
  private batchTimer: NodeJS.Timeout | undefined;
  private dead = false;
  private done: (() => void) | undefined;

  constructor(private readonly options: RecorderTapOptions) {
    const shared = new SharedArrayBuffer(8);
    this.consumed = new BigInt64Array(shared);
    const start: RecorderStart = { dataDir: options.dataDir, hello: options.hello, consumed: shared };
    this.worker = new Worker(workerFile(new URL('./recorder-thread.js', import.meta.url)), { workerData: start });
    this.worker.unref();
    this.worker.on('message', (message: FromRecorder) => this.receive(message));
    this.worker.on('error', () => this.stop());
    this.worker.on('exit', () => this.stop());
  }

  /** A chunk that has just passed on `stream`: copied into the batch (the caller may reuse it). */
  chunk(stream: WireStream, chunk: Buffer): void {
    if (this.dead) return;
    const time = now();
    if (this.posted - Number(Atomics.load(this.consumed, 0)) + chunk.length > MAX_BEHIND_BYTES) {
      this.post({ type: 'gap', stream, time, bytes: chunk.length });
      return;
    }
    if (this.batch && this.batchUsed + chunk.length > this.batch.length) this.sendBatch();
    this.batch ??= new Uint8Array(Math.max(BATCH_BYTES, chunk.length));
    this.batch.set(chunk, this.batchUsed);
    this.batchUsed += chunk.length;
    this.parts.push({ stream, time, length: chunk.length });
    this.posted += chunk.length;
    if (this.batchUsed >= BATCH_BYTES) this.sendBatch();
    else if (!this.batchTimer) {
      this.batchTimer = setTimeout(() => this.sendBatch(), BATCH_MS);
      this.batchTimer.unref();
    }
  }

  /** A whole message's text that has just passed (copied). */
  line(direction: Direction, text: Uint8Array, time = now()): void {
    if (this.dead) return;
    this.sendBatch();
    const bytes = new Uint8Array(text);
    this.posted += bytes.length;
    this.worker.postMessage({ type: 'line', direction, time, bytes } satisfies ToRecorder, [bytes.buffer]);
  }

  note(text: string): void {
    this.post({ type: 'note', time: now(), text });
  }

  http(exchange: HttpExchange, time = now()): void {
    this.post({ type: 'http', time, exchange });
  }

  /** An intercept message for the app (paused, released). */
  control(message: ProxyToCore, payload?: Uint8Array): void {
    this.post({ type: 'control', message, ...(payload ? { payload } : {}) });
  }

  /** Finishes the record (at most a few seconds): the saved session closed, the app told goodbye. */
  async end(exit?: string): Promise<void> {
    if (this.dead) return;
    const finished = new Promise<void>((resolve) => (this.done = resolve));
    this.post({ type: 'end', ...(exit !== undefined ? { exit } : {}) });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([finished, new Promise<void>((resolve) => (timer = setTimeout(resolve, END_WAIT_MS)))]);
    clearTimeout(timer);
    this.stop();
    await this.worker.terminate().catch(() => undefined);
  }

  /** Everything else goes after the chunks that passed before it. */
  private post(message: ToRecorder): void {
    this.sendBatch();
    if (!this.dead) this.worker.postMessage(message);
  }

  private sendBatch(): void {
    clearTimeout(this.batchTimer);
    this.batchTimer = undefined;
    const { batch, parts } = this;
    if (!batch || parts.length === 0) return;
    this.batch = undefined;
    this.parts = [];
    const bytes = batch.subarray(0, this.batchUsed);
    this.batchUsed = 0;
    if (!this.dead) this.worker.postMessage({ type: 'chunks', bytes, parts } satisfies ToRecorder, [bytes.buffer]);
  }

  private receive(message: FromRecorder): void {
    switch (message.type) {
      case 'rules':
        this.options.onRules?.(message.rules);
        return;
      case 'decide':
        this.options.onDecide?.(message.id, message.decision);
        return;
      case 'appGone':
        this.options.onAppGone?.();
        return;
      case 'done':
        this.done?.();
        return;
    }
  }

  private stop(): void {
    this.dead = true;
    this.done?.();
  }
}
