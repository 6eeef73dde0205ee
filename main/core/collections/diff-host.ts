/** The core's side of its diff thread: computes diffs there and reads their rows in windows. */
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { DiffRow, DiffSummary } from '../../../shared/collections.js';
import { workerFile } from '../base/worker-file.js';
import type { DiffInput, FromDiffThread, ToDiffThread } from './diff-thread-protocol.js';

type Pending = { resolve(value: FromDiffThread): void; reject(error: Error): void };
type Request = ToDiffThread extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never;

export class DiffHost {
  private thread: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  async compute(before: DiffInput, after: DiffInput, ignore: readonly string[] = []): Promise<DiffSummary> {
    const reply = await this.request({ compute: { diffId: randomUUID(), before, after, ignore: [...ignore] } });
    if ('summary' in reply) return reply.summary;
    throw new Error('The diff thread gave no summary.');
  }

  async rows(diffId: string, start: number, end: number): Promise<DiffRow[]> {
    const reply = await this.request({ rows: { diffId, start, end } });
    return 'rows' in reply ? reply.rows : [];
  }

  /** Writes `input` as stable JSON to `file` (a snapshot baseline), parsed and formatted in the thread. */
  async write(input: DiffInput, file: string): Promise<void> {
    await this.request({ write: { input, file } });
  }

  async close(diffId: string): Promise<void> {
    await this.request({ close: diffId });
  }

  async dispose(): Promise<void> {
    const thread = this.thread;
    this.thread = undefined;
    await thread?.terminate();
  }

  private request(message: Request): Promise<FromDiffThread> {
    const thread = this.ensureThread();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, {
        resolve: (reply) => ('error' in reply ? reject(new Error(reply.error)) : resolve(reply)),
        reject,
      });
      thread.postMessage({ id, ...message });
    });
  }

  private ensureThread(): Worker {
    if (this.thread) return this.thread;
    const thread = new Worker(workerFile(new URL('./diff-thread.js', import.meta.url)));
    thread.on('message', (reply: FromDiffThread) => {
      const pending = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      pending?.resolve(reply);
    });
    const fail = (reason: string) => {
      if (this.thread !== thread) return;
      this.thread = undefined;
      for (const pending of this.pending.values()) pending.reject(new Error(`The diff thread stopped: ${reason}`));
      this.pending.clear();
    };
    thread.on('error', (error) => fail(error.message));
    thread.on('exit', (code) => fail(`it exited with code ${code}`));
    thread.unref();
    this.thread = thread;
    return thread;
  }
}
