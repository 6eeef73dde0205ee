/** Small numeric helpers for bench reports. */

export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Runs `call` `count` times one after another. Returns the wall time, this process's CPU time
 * (user + system; less sensitive to a busy machine than wall time) and how many calls failed.
 */
export async function timeSequentialCalls(call, count) {
  let failures = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let index = 0; index < count; index++) {
    if (!(await call())) failures++;
  }
  const totalMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { totalMs, cpuMs: (cpu.user + cpu.system) / 1000, failures };
}
