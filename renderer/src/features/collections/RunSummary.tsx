import type { RunReport } from '../../../../shared/collections';
import { formatClockTime, formatDuration, plural } from '../../ui/format';
import type { RunUnderWay } from './runs-store';

/** The run under way (how far it got) or the last run's totals, in one line. */
interface Props {
  running: RunUnderWay | undefined;
  report: RunReport | undefined;
  /** The request or folder the report covers, when it is not the whole collection. */
  reportPath: string | undefined;
  error: string | null;
  /** What the line calls the report: "Last run", or "Run before" beside it in a run report. */
  title?: string;
}

export function RunSummary({ running, report, reportPath, error, title = 'Last run' }: Props) {
  if (running) {
    const what = running.path ?? 'the collection';
    return (
      <div className="run-summary" role="status">
        <progress className="run-summary__progress" aria-label={`Running ${what}`} value={running.done} max={running.total ?? 1} />
        <span>
          Running {what}
          {running.total !== undefined ? `: ${running.done} of ${running.total} done` : '…'}
        </span>
      </div>
    );
  }
  if (error) {
    return (
      <div className="run-summary run-summary--failed" role="alert">
        The run could not start: {error}
      </div>
    );
  }
  if (!report) return null;
  const { totals } = report;
  const passedChecks = totals.checks - totals.checksFailed;
  const allPassed = totals.failed === 0 && totals.errors === 0;
  const parts = [`${totals.passed} passed`, totals.failed > 0 && `${totals.failed} failed`, totals.errors > 0 && `${totals.errors} could not run`].filter(Boolean);
  return (
    <div className={`run-summary ${allPassed ? 'run-summary--passed' : 'run-summary--failed'}`} role="status" aria-label={title}>
      <strong>
        {title}
        {reportPath ? ` of ${reportPath}` : ''}: {allPassed ? 'passed' : 'failed'}
      </strong>
      <span>
        {plural(totals.requests, 'request')}: {parts.join(', ')} · {passedChecks} of {plural(totals.checks, 'check')} passed · {formatDuration(report.durationMs)}, started at{' '}
        {formatClockTime(report.startedAt)}
        {report.environment ? ` · ${report.environment}` : ''}
      </span>
    </div>
  );
}
