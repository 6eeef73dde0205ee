import { Worker } from 'node:worker_threads';
import type { JsonObject, SchemaValidation } from '../../../shared/mcp.js';
import { workerFile } from '../base/worker-file.js';

/** How long one check may run before the worker is stopped and the value goes unchecked. */
export const DEFAULT_VALIDATION_TIME_LIMIT_MS = 2_000;
/** Schemas larger than this (as JSON) are not compiled at all. */
export const MAX_SCHEMA_BYTES = 1024 * 1024;

interface Job {
  id: number;
  schema: JsonObject;
  value: unknown;
  resolve: (result: SchemaValidation) => void;
}

function unchecked(schemaError: string): SchemaValidation {
  return { valid: false, errors: [], schemaError };
}

/**
 * Ajv in a worker thread, one check at a time, each bounded in time. A check that runs past the
 * limit (a catastrophic regex in a server's schema) terminates the worker; the value is reported
 * unchecked, and the next check starts a fresh worker.
 */
export class IsolatedValidator {
  private worker: Worker | undefined;
  /** Resolves once the current worker has loaded Ajv. */
  private workerReady: Promise<void> | undefined;
  private readonly queue: Job[] = [];
  private running: { job: Job; timer: NodeJS.Timeout | undefined } | undefined;
  private nextId = 1;

  constructor(private readonly timeLimitMs = DEFAULT_VALIDATION_TIME_LIMIT_MS) {}

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
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, schema, value, resolve });
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
    for (const job of this.queue.splice(0)) job.resolve(unchecked('Loupe is shutting down.'));
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
      job.resolve(unchecked(`The value could not be checked: ${error instanceof Error ? error.message : String(error)}`));
      this.startNext();
      return;
    }
    void this.workerReady?.then(() => {
      if (this.running?.job !== job || this.worker !== worker) return;
      try {
        worker.postMessage({ id: job.id, schema: job.schema, value: job.value });
      } catch (error) {
        this.running = undefined;
        job.resolve(unchecked(`The value could not be checked: ${error instanceof Error ? error.message : String(error)}`));
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
      worker.on('message', (message: { ready?: true; id?: number; result?: SchemaValidation }) => {
        if (message.ready) resolve();
        else if (message.id !== undefined && message.result) this.finish(message.id, message.result);
      });
    });
    worker.on('error', (error) => this.workerFailed(worker, error.message));
    worker.on('exit', () => this.workerFailed(worker, 'the checking thread stopped'));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private finish(id: number, result: SchemaValidation): void {
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
    const seconds = this.timeLimitMs / 1000;
    job.resolve(unchecked(`This schema took longer than ${seconds} s to check (a pattern that backtracks, or a very large value), so the value was not checked.`));
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
    running.job.resolve(unchecked(`The value could not be checked: ${reason}.`));
    this.startNext();
  }

  private async stopWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
