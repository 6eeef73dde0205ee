import { Worker } from 'node:worker_threads';
import type { SchemaValidation } from '../../../shared/mcp.js';
import { workerFile } from '../base/worker-file.js';
import type { FromSchemaWorker, SchemaWorkerJob } from './schema-worker-protocol.js';

/** A value reported unchecked, with the sentence why. */
export function unchecked(schemaError: string): SchemaValidation {
  return { valid: false, errors: [], schemaError };
}

/** What a job does when its thread answers, reports progress, runs out of time or stops. */
export interface JobHandlers<R> {
  /** The worker's `progress` messages while the job runs (e.g. which item it started). */
  progress?(value: number): void;
  timedOut(): R;
  failed(reason: string): R;
}

interface RunningJob {
  id: number;
  handlers: JobHandlers<unknown>;
  timer: NodeJS.Timeout | undefined;
  settle(result: unknown): void;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One worker thread running Ajv and the collections' value checks (schema-worker.ts), one job at a
 * time, each bounded in time: a job that runs past the limit (a catastrophic regex in a server's
 * schema or a user's check) terminates the thread, and the next job starts a fresh one. The clock
 * starts once the thread has loaded Ajv, and progress restarts it: the limit is per item of a job.
 */
export class CheckThread {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private current: RunningJob | undefined;
  private nextId = 1;

  constructor(private readonly timeLimitMs: number) {}

  get busy(): boolean {
    return this.current !== undefined;
  }

  /** Whether its worker thread is running (or loading). */
  get started(): boolean {
    return this.worker !== undefined;
  }

  /** Loads the thread ahead of its first job, without taking it: settles once it is ready. */
  start(): Promise<void> {
    this.ensureWorker();
    return this.ready ?? Promise.resolve();
  }

  run<R>(job: SchemaWorkerJob, handlers: JobHandlers<R>): Promise<R> {
    if (this.current) return Promise.resolve(handlers.failed('its thread is busy'));
    return new Promise<R>((resolve) => {
      const current: RunningJob = {
        id: this.nextId++,
        handlers: handlers,
        timer: undefined,
        settle: (result) => {
          if (this.current !== current) return;
          clearTimeout(current.timer);
          this.current = undefined;
          resolve(result as R);
        },
      };
      this.current = current;
      let worker: Worker;
      try {
        worker = this.ensureWorker();
      } catch (error) {
        current.settle(handlers.failed(reason(error)));
        return;
      }
      void this.ready?.then(() => {
        if (this.current !== current || this.worker !== worker) return;
        try {
          worker.postMessage({ id: current.id, ...job });
        } catch (error) {
          current.settle(handlers.failed(reason(error)));
          return;
        }
        this.startClock(current);
      });
    });
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.current?.settle(this.current.handlers.failed('Loupe is shutting down'));
    await worker?.terminate();
  }

  private startClock(current: RunningJob): void {
    clearTimeout(current.timer);
    current.timer = setTimeout(() => {
      current.settle(current.handlers.timedOut());
      void this.stop();
    }, this.timeLimitMs);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerFile(new URL('./schema-worker.js', import.meta.url)));
    this.ready = new Promise((resolve) => {
      worker.on('message', (message: FromSchemaWorker) => {
        if ('ready' in message) {
          resolve();
          return;
        }
        const current = this.current;
        if (current?.id !== message.id) return;
        if ('progress' in message) {
          current.handlers.progress?.(message.progress);
          this.startClock(current);
        } else {
          current.settle(message.result);
        }
      });
    });
    worker.on('error', (error) => this.failed(worker, error.message));
    worker.on('exit', () => this.failed(worker, 'the checking thread stopped'));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private failed(worker: Worker, why: string): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.current?.settle(this.current.handlers.failed(why));
  }
}
