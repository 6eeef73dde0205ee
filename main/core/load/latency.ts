import type { LatencySummary } from '../../../shared/load-run.js';

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function summarize(values: ArrayLike<number>): LatencySummary | undefined {
  if (values.length === 0) return undefined;
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (const value of sorted) sum += value;
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    min: round(sorted[0]!),
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1]!),
    mean: round(sum / sorted.length),
  };
}
