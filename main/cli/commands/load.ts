import { randomUUID } from 'node:crypto';
import { LOAD_LIMITS, type LatencySummary, type LoadProgress, type LoadResult } from '../../../shared/load-run.js';
import type { JsonObject } from '../../../shared/mcp.js';
import { AUTH_HELP, COMMON_HELP, SERVER_OPTIONS, TARGET_HELP } from '../cli-args.js';
import type { CliCommandModule } from '../cli-command.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { onServer, parseServerCommand } from './server-command.js';

const OPTIONS = { ...SERVER_OPTIONS, tool: { type: 'string' }, concurrency: { type: 'string' }, rate: { type: 'string' }, duration: { type: 'string' } } as const;

const HELP = `Usage: loupe load <server> --tool NAME [--args JSON] [--concurrency N] [--rate R] [--duration S] [--json]

Calls one tool over and over and prints latency percentiles, throughput and errors. Meant for
your own servers: do not point it at a server you do not run or have no permission to load.

  --tool NAME        The tool to call
  --args JSON        Its arguments, a JSON object (default {})
  --concurrency N    Calls out at once (default 1, at most ${LOAD_LIMITS.maxConcurrency})
  --rate R           Calls started per second (default: as fast as the concurrency allows; at most ${LOAD_LIMITS.maxRate})
  --duration S       Seconds to run (default 10, at most ${LOAD_LIMITS.maxDurationS}); calls still out then get
                     ${LOAD_LIMITS.drainMs / 1000} s to finish before they are cancelled. At most ${LOAD_LIMITS.maxCalls} calls in all.

Progress goes to stderr each second. Exits 5 when any call failed (an error, a timeout or isError).
Each call is in the traffic record like any other (--record, --har, --otlp).

${TARGET_HELP}

${COMMON_HELP}

${AUTH_HELP}`;

function number(raw: string | undefined, flag: string, fallback: number | undefined, max: number, integer: boolean): number | undefined {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) throw new UsageError(`--${flag} must be a positive ${integer ? 'whole ' : ''}number, got "${raw}".`);
  if (value > max) throw new UsageError(`--${flag} is at most ${max}, got ${raw}.`);
  return value;
}

function latencyText(latency: LatencySummary | undefined): string {
  if (!latency) return 'no call was answered';
  return `p50 ${latency.p50} ms, p90 ${latency.p90} ms, p95 ${latency.p95} ms, p99 ${latency.p99} ms (min ${latency.min}, max ${latency.max}, mean ${latency.mean})`;
}

function resultText(result: LoadResult): string {
  const lines = [
    `${result.calls} calls of ${result.tool} in ${(result.durationMs / 1000).toFixed(1)} s (stopped: ${result.stoppedBecause}): ${result.ok} ok, ${result.failed} failed${result.toolErrors ? ` (${result.toolErrors} isError)` : ''}`,
    `throughput ${result.throughputPerS} calls/s`,
    `latency ${latencyText(result.latencyMs)}`,
    ...result.errors.map((error) => `  ${error.count} × ${error.message}`),
  ];
  return lines.join('\n');
}

function progressText(progress: LoadProgress): string {
  return `${(progress.elapsedMs / 1000).toFixed(1)} s: ${progress.completed} done, ${progress.failed} failed, ${progress.inFlight} out, ${progress.throughputPerS}/s${progress.recent ? `, p50 ${progress.recent.p50} ms p99 ${progress.recent.p99} ms` : ''}\n`;
}

export const loadCommand: CliCommandModule = {
  name: 'load',
  summary: 'load <server> --tool NAME [--concurrency N --rate R --duration S]   A bounded load run (your own servers)',
  help: HELP,
  wantsJson: (argv) => argv.includes('--json'),
  async run(argv, env, extras) {
    const parsed = parseServerCommand(argv, OPTIONS, HELP, env);
    if (!parsed) return EXIT.ok;
    const { values, options } = parsed;
    if (!values.tool) throw new UsageError('Name the tool to call with --tool NAME.');
    let args: JsonObject = {};
    if (values.args !== undefined) {
      try {
        args = JSON.parse(values.args) as JsonObject;
      } catch (error) {
        throw new UsageError(`--args is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
      }
      if (typeof args !== 'object' || args === null || Array.isArray(args)) throw new UsageError('--args must be a JSON object.');
    }
    const tool = values.tool;
    const concurrency = number(values.concurrency, 'concurrency', 1, LOAD_LIMITS.maxConcurrency, true)!;
    const rate = number(values.rate, 'rate', undefined, LOAD_LIMITS.maxRate, false);
    const durationS = number(values.duration, 'duration', 10, LOAD_LIMITS.maxDurationS, false)!;
    return onServer(env, parsed, extras, async (session, serverId) => {
      const runId = randomUUID();
      let lastPrinted = 0;
      const unsubscribe = session.core.subscribe((name, payload) => {
        const progress = payload as LoadProgress;
        if (name !== 'load.progress' || progress.runId !== runId || progress.elapsedMs - lastPrinted < 1000) return;
        lastPrinted = progress.elapsedMs;
        env.io.stderr(progressText(progress));
      });
      try {
        const result = await session.core.handlers['load.run']({ serverId, runId, tool, arguments: args, concurrency, ...(rate !== undefined ? { rate } : {}), durationS });
        env.io.stdout(`${options.json ? JSON.stringify(result, null, 2) : resultText(result)}\n`);
        return result.failed > 0 ? EXIT.findings : EXIT.ok;
      } finally {
        unsubscribe();
      }
    });
  },
};
