import type { ReactNode } from 'react';
import type { CheckResult, RequestRun } from '../../../../shared/collections';
import { formatClockTime, formatDuration } from '../../ui/format';
import { RunStatusMark } from './RunStatusMark';
import { collectionsSlots } from './slots';

const STATUS_TEXT = { passed: 'Passed', failed: 'Failed', error: 'Could not run' } as const;

interface Props {
  run: RequestRun;
  /** The region's name ("Last run" in a request's detail; the request's name in a run report). */
  label?: string;
  /** The same request's run before, to set beside this one: its outcome, time and each check's. */
  previous?: RequestRun | undefined;
  /** Said when there is no run before to compare with (a run report's first run, or a request new since). */
  noPrevious?: string | undefined;
  /** Shown first in the title line (a run report names the request there). */
  heading?: ReactNode;
}

/** A request's run: passed or failed, when and how long, and each check on one line (a failing one with its sentence). */
export function RequestRunView({ run, label = 'Last run', previous, noPrevious, heading }: Props) {
  const requestSeq = run.trafficSeqs[0];
  const before = (check: CheckResult) => previous?.checks.find((old) => old.index === check.index && old.label === check.label);
  return (
    <section className="request-run" aria-label={label}>
      <h3 className="request-run__title">
        {heading}
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
      {(previous || noPrevious) && (
        <p className="request-run__previous">
          {previous
            ? `Run before: ${STATUS_TEXT[previous.status]} · ${formatClockTime(previous.startedAt)} · ${formatDuration(previous.durationMs)}${previous.status !== run.status ? ` (now ${STATUS_TEXT[run.status].toLowerCase()})` : ''}`
            : noPrevious}
        </p>
      )}
      {run.error && (
        <p className="request-run__error" role="alert">
          {run.error}
        </p>
      )}
      {run.checks.length > 0 && (
        <ul className="request-run__checks" aria-label="Checks">
          {run.checks.map((check) => {
            const old = previous ? before(check) : undefined;
            return (
              <li key={check.index} className={`check-line check-line--${check.passed ? 'passed' : 'failed'}`}>
                <span className="check-line__mark" aria-hidden="true">
                  {check.passed ? '✓' : '✗'}
                </span>
                <span className="check-line__label">
                  <span className="visually-hidden">{check.passed ? 'Passed: ' : 'Failed: '}</span>
                  {check.label}
                </span>
                {check.message && <span className="check-line__message">{check.message}</span>}
                {previous && (
                  <span className={`check-line__before ${old && old.passed !== check.passed ? 'check-line__before--changed' : ''}`}>
                    {old ? `before: ${old.passed ? 'passed' : 'failed'}` : 'new since the run before'}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
