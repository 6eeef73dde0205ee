import { formatBytes, formatClockTime, formatDuration } from '../../ui/format';
import type { ToolRun } from './run-history';
import { VERDICT_LABELS, verdictOf } from './run-verdict';

interface Props {
  runs: readonly ToolRun[];
  shownCallId: string | undefined;
  /** Shows the run's result and puts its arguments back in the editor. */
  onOpen: (run: ToolRun) => void;
}

/** Earlier runs of this tool, newest first; opening one restores its arguments and result. */
export function RunHistory({ runs, shownCallId, onOpen }: Props) {
  if (runs.length === 0) return null;
  return (
    <details className="run-history">
      <summary>
        Recent runs <span className="run-history__count">({runs.length})</span>
      </summary>
      <ol className="run-history__list" aria-label="Recent runs">
        {runs.map((run) => {
          const verdict = verdictOf(run);
          const outcome = run.outcome;
          return (
            <li key={run.callId} className={`run-history__item ${run.callId === shownCallId ? 'run-history__item--shown' : ''}`}>
              <span className="run-history__time">{formatClockTime(run.startedAt)}</span>
              <span className={`verdict verdict--${verdict}`}>{VERDICT_LABELS[verdict]}</span>
              {outcome && (
                <span className="run-history__meta">
                  {formatDuration(outcome.durationMs)} · {formatBytes(outcome.responseSize)}
                </span>
              )}
              <code className="run-history__args" title={JSON.stringify(run.arguments)}>
                {JSON.stringify(run.arguments)}
              </code>
              <button type="button" className="button button--small" disabled={run.callId === shownCallId} onClick={() => onOpen(run)}>
                {run.callId === shownCallId ? 'Shown' : 'Open'}
              </button>
            </li>
          );
        })}
      </ol>
    </details>
  );
}
