import { createHash } from 'node:crypto';
import type { JsonObject, SchemaValidation } from '../../../shared/mcp.js';
import { CheckThread, unchecked, type JobHandlers } from './check-thread.js';
import type { SchemaWorkerJob } from './schema-worker-protocol.js';

/** How long one check may run before its thread is stopped and the value goes unchecked. */
export const DEFAULT_VALIDATION_TIME_LIMIT_MS = 2_000;
/** Schemas larger than this (as JSON) are not compiled at all. */
export const MAX_SCHEMA_BYTES = 1024 * 1024;
/** Checking threads at most: one server's slow checks take one of them, the others keep going. */
export const MAX_CHECK_THREADS = 2;
/** The lane of jobs whose caller names none (a collection's value checks). */
const JOBS_LANE = 'jobs';

interface Job {
  message: SchemaWorkerJob;
  handlers: JobHandlers<unknown>;
  resolve: (result: unknown) => void;
}

/** One server's checks (or one schema's, or one kind of job's), run one at a time. */
interface Lane {
  queue: Job[];
  running: boolean;
}

/**
 * Ajv (and the collections' value checks: JSONPath, regexes) in worker threads, each job bounded
 * in time (check-thread.ts). Jobs wait in lanes, one per server: a lane runs one job at a time and
 * the lanes take turns on at most two threads, so a server whose schemas backtrack for seconds
 * delays its own checks, not another server's.
 */
export class IsolatedValidator {
  private readonly threads: CheckThread[] = [];
  /** In turn order: a lane that got a thread moves to the end. */
  private readonly lanes = new Map<string, Lane>();
  /** Set by close(): a warm-up asked afterwards (one scheduled at start, say) starts nothing. */
  private closed = false;

  constructor(private readonly timeLimitMs = DEFAULT_VALIDATION_TIME_LIMIT_MS) {}

  get timeLimitSeconds(): number {
    return this.timeLimitMs / 1000;
  }

  /** Threads running now (each has loaded Ajv, ~10 MB). */
  get threadCount(): number {
    return this.threads.filter((thread) => thread.started).length;
  }

  /** `lane` names whose checks these are (a server id); without one, checks of one schema share a lane. */
  validate(schema: JsonObject, value: unknown, lane?: string): Promise<SchemaValidation> {
    let text: string;
    try {
      text = JSON.stringify(schema);
    } catch {
      return Promise.resolve(unchecked('The schema cannot be read as JSON, so the value was not checked.'));
    }
    if (text.length > MAX_SCHEMA_BYTES) {
      return Promise.resolve(unchecked(`The schema is larger than ${MAX_SCHEMA_BYTES / 1024 / 1024} MB, so Loupe does not check values against it.`));
    }
    const key = lane === undefined ? `schema:${createHash('sha1').update(text).digest('base64')}` : `server:${lane}`;
    return this.run<SchemaValidation>(
      { schema, value },
      {
        timedOut: () =>
          unchecked(`This schema took longer than ${this.timeLimitSeconds} s to check (a pattern that backtracks, or a very large value), so the value was not checked.`),
        failed: (reason) => unchecked(`The value could not be checked: ${reason.replace(/\.$/, '')}.`),
      },
      key,
    );
  }

  /** Runs any job the worker knows (schema-worker-protocol.ts) in a lane, bounded by the same time limit. */
  run<R>(message: SchemaWorkerJob, handlers: JobHandlers<R>, lane = JOBS_LANE): Promise<R> {
    return new Promise((resolve) => {
      const found = this.lanes.get(lane) ?? { queue: [], running: false };
      this.lanes.set(lane, found);
      found.queue.push({ message, handlers: handlers, resolve: resolve as (result: unknown) => void });
      this.pump();
    });
  }

  /**
   * Starts a thread ahead of the first check (loading Ajv in a fresh thread, and its first compile,
   * which the thread does before it says it is ready, take longer than a check), so the first Run
   * after connecting finds it warm. The thread is not taken while it loads: a check asked meanwhile
   * waits for it, rather than for a second, cold one.
   */
  warm(): void {
    if (this.closed || this.threads.length > 0) return;
    void this.threadAt(0).start();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const lane of this.lanes.values()) for (const job of lane.queue.splice(0)) job.resolve(job.handlers.failed('Loupe is shutting down'));
    this.lanes.clear();
    await Promise.all(this.threads.map((thread) => thread.stop()));
  }

  /** Gives each free thread the next lane in turn that has a job waiting and none running. */
  private pump(): void {
    for (;;) {
      const thread = this.freeThread();
      if (!thread) return;
      const next = [...this.lanes].find(([, lane]) => !lane.running && lane.queue.length > 0);
      if (!next) return;
      const [key, lane] = next;
      // Its turn is taken: to the back of the line.
      this.lanes.delete(key);
      this.lanes.set(key, lane);
      this.start(thread, key, lane, lane.queue.shift()!);
    }
  }

  private start(thread: CheckThread, key: string, lane: Lane, job: Job): void {
    lane.running = true;
    void thread.run(job.message, job.handlers).then((result) => {
      job.resolve(result);
      lane.running = false;
      if (lane.queue.length === 0 && this.lanes.get(key) === lane) this.lanes.delete(key);
      this.pump();
    });
  }

  private freeThread(): CheckThread | undefined {
    const free = this.threads.find((thread) => !thread.busy);
    if (free) return free;
    return this.threads.length < MAX_CHECK_THREADS ? this.threadAt(this.threads.length) : undefined;
  }

  private threadAt(index: number): CheckThread {
    this.threads[index] ??= new CheckThread(this.timeLimitMs);
    return this.threads[index];
  }
}
