import type { CallProgress } from '../../../../shared/mcp';
import { formatDuration } from '../../ui/format';

/**
 * A running call's progress from `notifications/progress`: a bar that fills when the server
 * gives a total, an indeterminate bar when it does not, and its message.
 */
export function RunProgress({ progress, elapsedMs }: { progress: CallProgress | undefined; elapsedMs: number }) {
  const total = progress?.total;
  const determinate = progress !== undefined && total !== undefined && total > 0;
  const percent = determinate ? Math.min(100, Math.max(0, (progress.progress / total) * 100)) : 0;
  return (
    <div className="run-progress">
      <div
        className={`run-progress__bar ${determinate ? '' : 'run-progress__bar--indeterminate'}`}
        role="progressbar"
        aria-label="Call progress"
        aria-valuemin={determinate ? 0 : undefined}
        aria-valuemax={determinate ? total : undefined}
        aria-valuenow={determinate ? progress.progress : undefined}
        aria-valuetext={
          determinate
            ? `${Math.round(percent)}%${progress.message ? `: ${progress.message}` : ''}`
            : progress
              ? `${progress.progress} so far${progress.message ? `: ${progress.message}` : ''}`
              : 'Waiting for the server'
        }
      >
        <span className="run-progress__fill" style={determinate ? { width: `${percent}%` } : undefined} />
      </div>
      <p className="run-progress__text" aria-live="polite">
        {progress
          ? `${determinate ? `${Math.round(percent)}% (${progress.progress} of ${total})` : `Progress ${progress.progress}`}${progress.message ? ` · ${progress.message}` : ''}`
          : 'Waiting for the reply; no progress reported yet.'}
        <span className="run-progress__elapsed"> · {formatDuration(elapsedMs)}</span>
      </p>
    </div>
  );
}
