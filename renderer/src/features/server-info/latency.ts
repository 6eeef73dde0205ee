/** "12.3 ms": one decimal, about what a local round trip can tell apart; two below 1 ms. */
export function latencyText(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  return `${ms < 1 ? ms.toFixed(2) : ms.toFixed(1)} ms`;
}
