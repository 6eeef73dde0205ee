/**
 * A load run: one tool called over and over on a server, at a set concurrency and rate, for a set
 * time, with latency percentiles, throughput and errors. Meant for one's own servers. The requests
 * are `load.run` and `load.cancel`, the event `load.progress`, in contract.ts.
 */
import type { JsonObject } from './mcp.js';

/** Every run stops by itself within these. */
export const LOAD_LIMITS = {
  maxConcurrency: 64,
  /** Calls started per second. */
  maxRate: 500,
  maxDurationS: 600,
  maxCalls: 200_000,
  /** After its time is up, a run waits this long for calls still out, then cancels them. */
  drainMs: 10_000,
} as const;

export interface LoadRunParams {
  serverId: string;
  /** Names the run (for `load.cancel` and its progress events). */
  runId: string;
  tool: string;
  arguments: JsonObject;
  concurrency: number;
  /** Calls started per second; absent, as fast as the concurrency allows. */
  rate?: number | undefined;
  durationS: number;
}

export interface LatencySummary {
  min: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export interface LoadProgress {
  runId: string;
  serverId: string;
  elapsedMs: number;
  /** Calls answered so far (ok + failed), and failed among them (an error, a timeout, or isError). */
  completed: number;
  failed: number;
  inFlight: number;
  /** Calls answered in the last second. */
  throughputPerS: number;
  /** Latencies of the calls answered in the last second, in ms (absent when none were). */
  recent?: LatencySummary;
}

export type LoadStopReason = 'duration' | 'max-calls' | 'cancelled' | 'disconnected';

export interface LoadResult {
  runId: string;
  serverId: string;
  tool: string;
  durationMs: number;
  calls: number;
  ok: number;
  failed: number;
  /** Calls answered with `isError: true` (counted in `failed`). */
  toolErrors: number;
  throughputPerS: number;
  /** Of every answered call, in ms; absent when none was answered. */
  latencyMs?: LatencySummary;
  /** The commonest failures, one sentence each, with how often. */
  errors: Array<{ message: string; count: number }>;
  stoppedBecause: LoadStopReason;
}
