import { useState } from 'react';
import type { RequestRun, RunReport } from '../../../../shared/collections';
import { RequestRunView } from './RequestRunView';
import { RunSummary } from './RunSummary';

/** Requests shown at first; more come a page at a time, so a run of thousands stays light. */
const PAGE = 50;

interface Props {
  report: RunReport;
  /** The run report before it (kept by the core), to set each request's run beside the one before. */
  previous: RunReport | undefined;
  onOpenRequest: (path: string) => void;
  onClose: () => void;
}

/** A run's report: each request's outcome, time, checks and traffic link, beside its run before. */
export function RunReportView({ report, previous, onOpenRequest, onClose }: Props) {
  const [shown, setShown] = useState(PAGE);
  const before = new Map<string, RequestRun>(previous?.requests.map((run) => [run.path, run]));
  return (
    <section className="run-report detail-card" aria-label="Run report">
      <header className="detail-card__header run-report__header">
        <h2 className="detail-card__name">Run report</h2>
        <button type="button" className="link-button" onClick={onClose}>
          Close report
        </button>
      </header>
      {previous ? (
        <RunSummary running={undefined} report={previous} reportPath={undefined} error={null} title="Run before" />
      ) : (
        <p className="field__hint">This is the first kept run: the next one is compared with it.</p>
      )}
      <ol className="run-report__requests" aria-label="Requests run">
        {report.requests.slice(0, shown).map((run) => (
          <li key={run.path}>
            <RequestRunView
              run={run}
              label={run.name}
              previous={before.get(run.path)}
              noPrevious={previous ? 'Not in the run before.' : undefined}
              heading={
                <button type="button" className="link-button run-report__request" title={run.path} onClick={() => onOpenRequest(run.path)}>
                  {run.name}
                </button>
              }
            />
          </li>
        ))}
      </ol>
      {report.requests.length > shown && (
        <button type="button" className="link-button" onClick={() => setShown(shown + PAGE)}>
          Show {Math.min(PAGE, report.requests.length - shown)} more requests
        </button>
      )}
    </section>
  );
}
