import { setTimeout as sleep } from 'node:timers/promises';
import { LOAD_LIMITS, type LoadProgress, type LoadResult, type LoadRunParams, type LoadStopReason } from '../../../shared/load-run.js';
import type { RpcOutcome } from '../../../shared/mcp.js';
import { quotedFirstText } from '../../../shared/tool-result-text.js';
import { summarize } from './latency.js';

/** What a run calls: the server's connection, as the handler hands it over. */
export interface LoadTarget {
  call(callId: string): Promise<RpcOutcome>;
  cancel(callId: string): void;
  connected(): boolean;
}

const PROGRESS_EVERY_MS = 250;
const RECENT_MS = 1000;
const MAX_DISTINCT_ERRORS = 50;
const MAX_ERROR_CHARS = 300;

function isToolError(result: unknown): boolean {
  return typeof result === 'object' && result !== null && (result as { isError?: unknown }).isError === true;
}

/**
 * One load run: `concurrency` workers call the tool, starting calls no faster than `rate` a second,
 * until `durationS` is up (or the call cap, a cancel, or a disconnect); calls still out then get
 * LOAD_LIMITS.drainMs to finish before they are cancelled. Progress goes out every 250 ms.
 */
export class LoadRun {
  private readonly stop = new AbortController();
  private stopReason: LoadStopReason | undefined;
  private readonly inFlight = new Set<string>();
  private readonly latencies: Float64Array;
  private answered = 0;
  private failed = 0;
  private toolErrors = 0;
  private started = 0;
  private readonly errors = new Map<string, number>();
  private recent: Array<{ at: number; ms: number }> = [];
  private startedAt = 0;

  constructor(
    private readonly params: LoadRunParams,
    private readonly target: LoadTarget,
    private readonly onProgress: (progress: LoadProgress) => void,
  ) {
    const expected = params.rate === undefined ? LOAD_LIMITS.maxCalls : Math.ceil(params.rate * params.durationS) + params.concurrency;
    this.latencies = new Float64Array(Math.min(LOAD_LIMITS.maxCalls, expected));
  }

  cancel(): void {
    this.halt('cancelled');
    for (const callId of this.inFlight) this.target.cancel(callId);
  }

  async run(): Promise<LoadResult> {
    this.startedAt = performance.now();
    const deadline = this.startedAt + this.params.durationS * 1000;
    const ticker = setInterval(() => this.onProgress(this.progress()), PROGRESS_EVERY_MS);
    const drain = setTimeout(() => {
      for (const callId of this.inFlight) this.target.cancel(callId);
    }, this.params.durationS * 1000 + LOAD_LIMITS.drainMs);
    try {
      await Promise.all(Array.from({ length: this.params.concurrency }, () => this.worker(deadline)));
    } finally {
      clearInterval(ticker);
      clearTimeout(drain);
    }
    this.onProgress(this.progress());
    return this.result();
  }

  private halt(reason: LoadStopReason): void {
    this.stopReason ??= reason;
    this.stop.abort();
  }

  private async worker(deadline: number): Promise<void> {
    const interval = this.params.rate === undefined ? 0 : 1000 / this.params.rate;
    while (!this.stop.signal.aborted) {
      if (!this.target.connected()) return this.halt('disconnected');
      if (this.started >= this.latencies.length) return this.halt('max-calls');
      const slot = this.started++;
      const startAt = this.startedAt + slot * interval;
      if (startAt >= deadline) return this.halt('duration');
      const wait = startAt - performance.now();
      if (wait > 0) {
        try {
          await sleep(wait, undefined, { signal: this.stop.signal });
        } catch {
          return;
        }
      }
      if (performance.now() >= deadline) return this.halt('duration');
      await this.callOnce(`${this.params.runId}:${slot}`);
    }
  }

  private async callOnce(callId: string): Promise<void> {
    this.inFlight.add(callId);
    const began = performance.now();
    let outcome: RpcOutcome;
    try {
      outcome = await this.target.call(callId);
    } catch (error) {
      outcome = { failure: { kind: 'protocol', message: error instanceof Error ? error.message : String(error) }, violations: [], durationMs: performance.now() - began, responseSize: 0 };
    } finally {
      this.inFlight.delete(callId);
    }
    const ms = performance.now() - began;
    this.latencies[this.answered++] = ms;
    this.recent.push({ at: performance.now(), ms });
    if (outcome.failure) this.fail(outcome.failure.message);
    else if (isToolError(outcome.result)) {
      this.toolErrors++;
      this.fail(`The tool returned isError: ${quotedFirstText(outcome.result) ?? 'true'}.`);
    }
  }

  private fail(message: string): void {
    this.failed++;
    const key = message.length > MAX_ERROR_CHARS ? `${message.slice(0, MAX_ERROR_CHARS)}…` : message;
    if (this.errors.has(key) || this.errors.size < MAX_DISTINCT_ERRORS) this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
  }

  private progress(): LoadProgress {
    const now = performance.now();
    this.recent = this.recent.filter((sample) => now - sample.at <= RECENT_MS);
    const recent = summarize(this.recent.map((sample) => sample.ms));
    return {
      runId: this.params.runId,
      serverId: this.params.serverId,
      elapsedMs: Math.round(now - this.startedAt),
      completed: this.answered,
      failed: this.failed,
      inFlight: this.inFlight.size,
      throughputPerS: this.recent.length,
      ...(recent ? { recent } : {}),
    };
  }

  private result(): LoadResult {
    const durationMs = performance.now() - this.startedAt;
    const latencyMs = summarize(this.latencies.subarray(0, this.answered));
    const errors = [...this.errors.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([message, count]) => ({ message, count }));
    return {
      runId: this.params.runId,
      serverId: this.params.serverId,
      tool: this.params.tool,
      durationMs: Math.round(durationMs),
      calls: this.answered,
      ok: this.answered - this.failed,
      failed: this.failed,
      toolErrors: this.toolErrors,
      throughputPerS: Math.round((this.answered / (durationMs / 1000)) * 100) / 100,
      ...(latencyMs ? { latencyMs } : {}),
      errors,
      stoppedBecause: this.stopReason ?? 'duration',
    };
  }
}
