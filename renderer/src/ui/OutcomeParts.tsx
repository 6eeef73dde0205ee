import type { RpcFailure, RpcOutcome, SchemaViolation } from '../../../shared/mcp';
import { formatBytes, formatDuration } from './format';
import { JsonText } from './JsonText';

/** The pieces every request outcome view shows: timing, failure, schema violations, the raw reply. */

export function OutcomeSummary({ outcome }: { outcome: RpcOutcome }) {
  return (
    <span className="outcome-summary">
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

const FAILURE_TITLES: Record<RpcFailure['kind'], string> = {
  protocol: 'The server answered with an error',
  timeout: 'The server did not answer in time',
  cancelled: 'The request was cancelled',
  disconnected: 'The connection closed before the answer came',
  'not-connected': 'The server is not connected',
  'invalid-result': 'The server’s answer could not be used',
};

export function FailureView({ failure }: { failure: RpcFailure }) {
  return (
    <div className="outcome-failure" role="alert">
      <p className="outcome-failure__title">{FAILURE_TITLES[failure.kind] ?? 'The request failed'}</p>
      <p className="outcome-failure__message">{failure.message}</p>
      {failure.code !== undefined && <p className="mono">JSON-RPC error {failure.code}</p>}
      {failure.data !== undefined && <JsonText value={failure.data} label="Error data" />}
    </div>
  );
}

export function ViolationsNote({ violations, subject }: { violations: SchemaViolation[]; subject: string }) {
  if (violations.length === 0) return null;
  return (
    <div className="violations" role="note" aria-label="Schema violations">
      <p className="violations__title">
        {subject} breaks the MCP schema in {violations.length} {violations.length === 1 ? 'place' : 'places'}:
      </p>
      <ul className="violations__list">
        {violations.slice(0, 50).map((violation, index) => (
          <li key={index}>
            <code>{violation.path || '/'}</code> {violation.message}
          </li>
        ))}
        {violations.length > 50 && <li>… and {violations.length - 50} more.</li>}
      </ul>
    </div>
  );
}

/** The reply exactly as the server sent it; open from the start when something is wrong with it. */
export function RawReply({ value, open, label = 'Raw reply' }: { value: unknown; open: boolean; label?: string }) {
  return (
    <details className="raw-reply" open={open || undefined}>
      <summary className="raw-reply__summary">{label}</summary>
      <JsonText value={value} label={label} className="raw-reply__json" />
    </details>
  );
}
