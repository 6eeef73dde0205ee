import { Worker } from 'node:worker_threads';
import type { JsonObject, SchemaValidation } from '../../../shared/mcp.js';
import { workerFile } from '../worker-file.js';
import type { FromSchemaWorker, ToSchemaWorker } from './schema-worker-protocol.js';

/** How long one check may run before the worker is stopped and the value goes unchecked. */
export const DEFAULT_VALIDATION_TIME_LIMIT_MS = 2_000;
/** Schemas larger than this (as JSON) are not compiled at all. */
export const MAX_SCHEMA_BYTES = 1024 * 1024;

/** What a job does when the worker answers, reports progress, runs out of time or stops. */
interface JobHandlers<R> {
  /** The worker's `progress` messages while the job runs (e.g. which item it started). */
  progress?(value: number): void;
  timedOut(): R;
  failed(reason: string): R;
}

interface Job {
  id: number;
  message: Omit<ToSchemaWorker, 'id'>;
  resolve: (result: unknown) => void;
  handlers: JobHandlers<unknown>;
}

function unchecked(schemaError: string): SchemaValidation {
  return { valid: false, errors: [], schemaError };
}

/**
 * Ajv (and the collections' value checks: JSONPath, regexes) in a worker thread, one job at a
 * time, each bounded in time. A job that runs past the limit (a catastrophic regex in a server's
 * schema or a user's check) terminates the worker; the job reports it, and the next job starts a
 * fresh worker.
 */
export class IsolatedValidator {
  private worker: Worker | undefined;
  /** Resolves once the current worker has loaded Ajv. */
  private workerReady: Promise<void> | undefined;
  private readonly queue: Job[] = [];
  private running: { job: Job; timer: NodeJS.Timeout | undefined } | undefined;
  private nextId = 1;

  constructor(private readonly timeLimitMs = DEFAULT_VALIDATION_TIME_LIMIT_MS) {}

  get timeLimitSeconds(): number {
    return this.timeLimitMs / 1000;
  }

  validate(schema: JsonObject, value: unknown): Promise<SchemaValidation> {
    let size: number;
    try {
      size = JSON.stringify(schema).length;
    } catch {
      return Promise.resolve(unchecked('The schema cannot be read as JSON, so the value was not checked.'));
    }
    if (size > MAX_SCHEMA_BYTES) {
      return Promise.resolve(unchecked(`The schema is larger than ${MAX_SCHEMA_BYTES / 1024 / 1024} MB, so Loupe does not check values against it.`));
    }
    return this.run<SchemaValidation>(
      { schema, value },
      {
        timedOut: () =>
          unchecked(`This schema took longer than ${this.timeLimitSeconds} s to check (a pattern that backtracks, or a very large value), so the value was not checked.`),
        failed: (reason) => unchecked(`The value could not be checked: ${reason.replace(/\.$/, '')}.`),
      },
    );
  }

  /** Runs any job the worker knows (schema-worker-protocol.ts), bounded by the same time limit. */
  run<R>(message: Omit<ToSchemaWorker, 'id'>, handlers: JobHandlers<R>): Promise<R> {
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, message, resolve: resolve as (result: unknown) => void, handlers: handlers as JobHandlers<unknown> });
      this.startNext();
    });
  }

  /**
   * Starts the worker ahead of the first check (loading Ajv in a fresh thread takes longer than a
   * check), so the first Run after connecting does not wait for it. Does nothing once it is up.
   */
  warm(): void {
    if (this.worker || this.running) return;
    // One small check loads Ajv and compiles once, so the first real one finds it warm.
    void this.validate({ type: 'object', properties: { warm: { type: 'string', format: 'uri' } } }, { warm: 'https://example.com' });
  }

  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.resolve(job.handlers.failed('Loupe is shutting down'));
    await this.stopWorker();
  }

  private startNext(): void {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) return;
    // Taken now, so nothing else starts; the clock starts once the worker is ready.
    this.running = { job, timer: undefined };
    let worker: Worker;
    try {
      worker = this.ensureWorker();
    } catch (error) {
      this.running = undefined;
      job.resolve(job.handlers.failed(error instanceof Error ? error.message : String(error)));
      this.startNext();
      return;
    }
    void this.workerReady?.then(() => {
      if (this.running?.job !== job || this.worker !== worker) return;
      try {
        worker.postMessage({ id: job.id, ...job.message });
      } catch (error) {
        this.running = undefined;
        job.resolve(job.handlers.failed(error instanceof Error ? error.message : String(error)));
        this.startNext();
        return;
      }
      this.running.timer = setTimeout(() => this.timeOut(job), this.timeLimitMs);
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerFile(new URL('./schema-worker.js', import.meta.url)));
    this.workerReady = new Promise((resolve) => {
      worker.on('message', (message: FromSchemaWorker) => {
        if ('ready' in message) resolve();
        else if ('progress' in message) this.progress(message.id, message.progress);
        else this.finish(message.id, message.result);
      });
    });
    worker.on('error', (error) => this.workerFailed(worker, error.message));
    worker.on('exit', () => this.workerFailed(worker, 'the checking thread stopped'));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  /** Progress restarts the clock: the limit is per item of a job, not for the whole job. */
  private progress(id: number, value: number): void {
    const running = this.running;
    if (!running || running.job.id !== id) return;
    running.job.handlers.progress?.(value);
    clearTimeout(running.timer);
    running.timer = setTimeout(() => this.timeOut(running.job), this.timeLimitMs);
  }

  private finish(id: number, result: unknown): void {
    const running = this.running;
    if (!running || running.job.id !== id) return;
    clearTimeout(running.timer);
    this.running = undefined;
    running.job.resolve(result);
    this.startNext();
  }

  private timeOut(job: Job): void {
    if (this.running?.job !== job) return;
    this.running = undefined;
    job.resolve(job.handlers.timedOut());
    void this.stopWorker();
    this.startNext();
  }

  private workerFailed(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    const running = this.running;
    if (!running) return;
    clearTimeout(running.timer);
    this.running = undefined;
    running.job.resolve(running.job.handlers.failed(reason));
    this.startNext();
  }

  private async stopWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
