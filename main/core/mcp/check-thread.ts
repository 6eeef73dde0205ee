import { Worker } from 'node:worker_threads';
import type { JsonObject, SchemaValidation } from '../../../shared/mcp.js';
import { workerFile } from '../worker-file.js';

/** A value reported unchecked, with the sentence why. */
export function unchecked(schemaError: string): SchemaValidation {
  return { valid: false, errors: [], schemaError };
}


/**
 * One worker thread running Ajv (schema-worker.ts), one check at a time, each bounded in time: a
 * check that runs past the limit (a catastrophic regex in a server's schema) terminates the thread,
 * and the next check starts a fresh one. The clock starts once the thread has loaded Ajv.
 */
export class CheckThread {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private current: { id: number; settle: (result: SchemaValidation) => void } | undefined;
  private nextId = 1;

  constructor(private readonly timeLimitMs: number) {}

  get busy(): boolean {
    return this.current !== undefined;
  }

  /** Loads the thread ahead of its first check. */
  start(): void {
    this.ensureWorker();
  }

  check(schema: JsonObject, value: unknown): Promise<SchemaValidation> {
    if (this.current) return Promise.resolve(unchecked('The value could not be checked: its thread is busy.'));
    const id = this.nextId++;
    return new Promise<SchemaValidation>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const settle = (result: SchemaValidation) => {
        if (this.current?.id !== id) return;
        clearTimeout(timer);
        this.current = undefined;
        resolve(result);
      };
      this.current = { id, settle };
      let worker: Worker;
      try {
        worker = this.ensureWorker();
      } catch (error) {
        settle(unchecked(`The value could not be checked: ${error instanceof Error ? error.message : String(error)}`));
        return;
      }
      void this.ready?.then(() => {
        if (this.current?.id !== id || this.worker !== worker) return;
        try {
          worker.postMessage({ id, schema, value });
        } catch (error) {
          settle(unchecked(`The value could not be checked: ${error instanceof Error ? error.message : String(error)}`));
          return;
        }
        timer = setTimeout(() => {
          const seconds = this.timeLimitMs / 1000;
          settle(unchecked(`This schema took longer than ${seconds} s to check (a pattern that backtracks, or a very large value), so the value was not checked.`));
          void this.stop();
        }, this.timeLimitMs);
      });
    });
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.current?.settle(unchecked('Loupe is shutting down.'));
    await worker?.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerFile(new URL('./schema-worker.js', import.meta.url)));
    this.ready = new Promise((resolve) => {
      worker.on('message', (message: { ready?: true; id?: number; result?: SchemaValidation }) => {
        if (message.ready) resolve();
        else if (message.id !== undefined && message.result && this.current?.id === message.id) this.current.settle(message.result);
      });
    });
    worker.on('error', (error) => this.failed(worker, error.message));
    worker.on('exit', () => this.failed(worker, 'the checking thread stopped'));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private failed(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.current?.settle(unchecked(`The value could not be checked: ${reason}.`));
  }
}
