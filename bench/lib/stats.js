/** Small numeric helpers for bench reports. */
import { setTimeout as sleep } from 'node:timers/promises';

export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Runs `call` `count` times one after another. Returns the wall time, this process's CPU time
 * (user + system; less sensitive to a busy machine than wall time) and how many calls failed.
 * With `idleAfterMs`, the CPU time also covers that long an idle wait after the last call, so work
 * a runner left for its timers (flushes, batches) is counted as its own, not the next runner's;
 * the wall time stays the calls' alone.
 */
export async function timeSequentialCalls(call, count, { idleAfterMs = 0 } = {}) {
  let failures = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let index = 0; index < count; index++) {
    if (!(await call())) failures++;
  }
  const totalMs = performance.now() - started;
  if (idleAfterMs > 0) await sleep(idleAfterMs);
  const cpu = process.cpuUsage(cpuBefore);
  return { totalMs, cpuMs: (cpu.user + cpu.system) / 1000, failures };
}

/**
 * True once the last `window` values have stopped moving: they are within `spread` of each other
 * ((max − min) / median), and their median is within `drift` of the median of the `window` values
 * before them (rounds that are still getting faster, a little each time, do not count as settled).
 */
export function isSettled(values, window, { spread, drift }) {
  if (values.length < 2 * window) return false;
  const last = values.slice(-window);
  const before = values.slice(-2 * window, -window);
  const lastMedian = median(last);
  return (Math.max(...last) - Math.min(...last)) / lastMedian <= spread && Math.abs(lastMedian / median(before) - 1) <= drift;
}
