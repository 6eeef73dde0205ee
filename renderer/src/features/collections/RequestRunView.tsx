import type { RequestRun } from '../../../../shared/collections';
import { formatClockTime, formatDuration } from '../../ui/format';
import { RunStatusMark } from './RunStatusMark';
import { collectionsSlots } from './slots';

const STATUS_TEXT = { passed: 'Passed', failed: 'Failed', error: 'Could not run' } as const;

/** A request's last run: passed or failed, when and how long, and each check on one line (a failing one with its sentence). */
export function RequestRunView({ run }: { run: RequestRun }) {
  const requestSeq = run.trafficSeqs[0];
  return (
    <section className="request-run" aria-label="Last run">
      <h3 className="request-run__title">
        <RunStatusMark run={run} />
        <span className={`request-run__status request-run__status--${run.status}`}>{STATUS_TEXT[run.status]}</span>
        <span className="request-run__meta">
          {formatClockTime(run.startedAt)} · {formatDuration(run.durationMs)}
          {run.server ? ` · ${run.server}` : ''}
        </span>
        {requestSeq !== undefined && (
          <button type="button" className="link-button request-run__traffic" onClick={() => collectionsSlots.showTraffic.get()(requestSeq)}>
            Show in traffic (#{requestSeq})
          </button>
        )}
      </h3>
      {run.error && (
        <p className="request-run__error" role="alert">
          {run.error}
        </p>
      )}
      {run.checks.length > 0 && (
        <ul className="request-run__checks" aria-label="Checks">
          {run.checks.map((check) => (
            <li key={check.index} className={`check-line check-line--${check.passed ? 'passed' : 'failed'}`}>
              <span className="check-line__mark" aria-hidden="true">
                {check.passed ? '✓' : '✗'}
              </span>
              <span className="check-line__label">
                <span className="visually-hidden">{check.passed ? 'Passed: ' : 'Failed: '}</span>
                {check.label}
              </span>
              {check.message && <span className="check-line__message">{check.message}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
