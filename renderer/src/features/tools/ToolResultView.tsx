import type { RpcOutcome } from '../../../../shared/mcp';
import { formatBytes, formatDuration } from '../../ui/format';
import { JsonText } from '../../ui/JsonText';
import { useNow } from '../../ui/use-now';
import type { ToolRun } from './tools-store';

type Verdict = 'running' | 'success' | 'tool-error' | 'failed';

const VERDICT_LABELS: Record<Verdict, string> = {
  running: 'Running',
  success: 'Success',
  'tool-error': 'Tool error',
  failed: 'Failed',
};

function verdictOf(run: ToolRun): Verdict {
  if (run.status === 'running') return 'running';
  if (run.error || run.outcome?.failure) return 'failed';
  const result = run.outcome?.result;
  if (typeof result === 'object' && result !== null && (result as { isError?: unknown }).isError === true) {
    return 'tool-error';
  }
  return 'success';
}

interface Props {
  run: ToolRun;
  onCancel(): void;
}

export function ToolResultView({ run, onCancel }: Props) {
  const verdict = verdictOf(run);
  const now = useNow(verdict === 'running');
  const outcome = run.outcome;

  return (
    <section className={`tool-result tool-result--${verdict}`} aria-label="Result" aria-busy={verdict === 'running'}>
      <header className="tool-result__header">
        <h3 className="tool-result__title">Result</h3>
        <span className={`verdict verdict--${verdict}`}>{VERDICT_LABELS[verdict]}</span>
        {verdict === 'running' ? (
          <>
            <span className="tool-result__meta">{formatDuration(now - run.startedAt)}</span>
            <button type="button" className="button button--small" onClick={onCancel}>
              Cancel call
            </button>
          </>
        ) : (
          outcome && <OutcomeMeta outcome={outcome} />
        )}
      </header>
      {run.error && (
        <p className="tool-result__failure" role="alert">
          {run.error}
        </p>
      )}
      {outcome?.failure && (
        <div className="tool-result__failure" role="alert">
          <p>{outcome.failure.message}</p>
          {outcome.failure.code !== undefined && <p className="mono">JSON-RPC error {outcome.failure.code}</p>}
          {outcome.failure.data !== undefined && <JsonText value={outcome.failure.data} label="Error data" />}
        </div>
      )}
      {outcome && outcome.violations.length > 0 && (
        <div className="violations" role="note">
          <p className="violations__title">
            The result breaks the MCP schema in {outcome.violations.length}{' '}
            {outcome.violations.length === 1 ? 'place' : 'places'}:
          </p>
          <ul className="violations__list">
            {outcome.violations.map((violation, index) => (
              <li key={index}>
                <code>{violation.path || '/'}</code> {violation.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {outcome && outcome.result !== undefined && (
        <JsonText key={run.callId} value={outcome.result} label="Result JSON" className="tool-result__json" />
      )}
    </section>
  );
}

function OutcomeMeta({ outcome }: { outcome: RpcOutcome }) {
  return (
    <span className="tool-result__meta">
      <span title="Time from request to response">{formatDuration(outcome.durationMs)}</span>
      <span aria-hidden="true"> · </span>
      <span title="Size of the response message">{formatBytes(outcome.responseSize)}</span>
      {outcome.rpcId !== undefined && (
        <>
          <span aria-hidden="true"> · </span>
          <span title="JSON-RPC id">id {String(outcome.rpcId)}</span>
        </>
      )}
    </span>
  );
}
