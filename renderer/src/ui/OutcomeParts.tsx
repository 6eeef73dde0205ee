import type { RpcFailure, RpcOutcome, SchemaViolation } from '../../../shared/mcp';
import { formatBytes, formatDuration } from './format';
import { getApi } from '../bridge/api';
import { DocumentView } from './content/DocumentView';
import { Folded } from './content/Folded';
import { useWholeResult } from './content/whole-result';
import { JsonText } from './JsonText';
import './outcome.css';
import { revealInvisible } from '../../../shared/reveal-invisible';

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
      <p className="outcome-failure__message">{revealInvisible(failure.message)}</p>
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

/**
 * The reply as the server sent it, folded, and made only when opened (a 20 MB reply costs nothing
 * until then); open from the start when something is wrong with it. Texts the core holds are
 * fetched first.
 */
export function RawReply({ outcome, open = false }: { outcome: RpcOutcome; open?: boolean }) {
  return (
    <Folded title="Raw reply" open={open}>
      <WholeReply outcome={outcome} />
    </Folded>
  );
}

function WholeReply({ outcome }: { outcome: RpcOutcome }) {
  const whole = useWholeResult(getApi(), outcome);
  if (whole.status === 'fetching') {
    return (
      <p className="content-note" role="status">
        Fetching the reply’s long texts from the core…
      </p>
    );
  }
  if (whole.status === 'failed') {
    return (
      <p className="content-problem" role="alert">
        Could not fetch the whole reply: {whole.message}
      </p>
    );
  }
  return <DocumentView input={{ kind: 'value', value: whole.result }} label="Raw reply" title="Raw reply" fileBaseName="reply" preferRaw sizeHint={outcome.responseSize} />;
}
