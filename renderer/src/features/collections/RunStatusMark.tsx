import type { RequestRun } from '../../../../shared/collections';

const MARKS = {
  passed: { symbol: '✓', label: 'Passed' },
  failed: { symbol: '✗', label: 'Failed' },
  error: { symbol: '!', label: 'Could not run' },
  problem: { symbol: '!', label: 'The file does not load' },
  none: { symbol: '·', label: 'Not run yet' },
} as const;

/** A request's state in one mark: its last run passed, failed or could not run; its file is broken; or not run yet. */
export function RunStatusMark({ run, problem = false }: { run: RequestRun | undefined; problem?: boolean }) {
  const kind = problem ? 'problem' : (run?.status ?? 'none');
  const mark = MARKS[kind];
  return (
    <span className={`run-mark run-mark--${kind}`} role="img" aria-label={mark.label} title={mark.label}>
      {mark.symbol}
    </span>
  );
}
