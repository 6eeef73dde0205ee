/** What a tool run came to, for badges, history and styling. */
import type { RpcOutcome } from '../../../../shared/mcp.js';

export type Verdict = 'running' | 'success' | 'tool-error' | 'failed' | 'cancelled' | 'non-conforming';

export const VERDICT_LABELS: Record<Verdict, string> = {
  running: 'Running',
  success: 'Success',
  'tool-error': 'Tool error',
  failed: 'Failed',
  cancelled: 'Cancelled',
  'non-conforming': 'Non-conforming reply',
};

export interface RunLike {
  status: 'running' | 'done';
  outcome?: RpcOutcome;
  error?: string;
}

export function isToolError(result: unknown): boolean {
  return typeof result === 'object' && result !== null && (result as { isError?: unknown }).isError === true;
}

/**
 * A protocol failure (JSON-RPC error, timeout, lost connection) is `failed`; a result with
 * `isError: true` is a `tool-error` (the tool ran and said it failed); a reply that breaks the
 * schema is `non-conforming` even when it also claims success.
 */
export function verdictOf(run: RunLike): Verdict {
  if (run.status === 'running') return 'running';
  if (run.error) return 'failed';
  const outcome = run.outcome;
  if (outcome?.failure) return outcome.failure.kind === 'cancelled' ? 'cancelled' : 'failed';
  if (outcome && outcome.violations.length > 0) return 'non-conforming';
  if (isToolError(outcome?.result)) return 'tool-error';
  return 'success';
}
