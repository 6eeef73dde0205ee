import type { Approval } from '../../../../shared/approvals';
import { formatClockTime, formatDuration } from '../../ui/format';
import { JsonText } from '../../ui/JsonText';
import { ContentBlocks } from '../../ui/content/ContentBlocks';
import { decidedByText, statusLabel } from '../../state/approvals/approval-order';
import { isObject } from '../../../../shared/is-object';

/** What happened to a request that is no longer pending: who answered, when, and with what. */
export function DecisionView({ approval }: { approval: Approval }) {
  const response = approval.response;
  const error = isObject(response) && isObject(response.error) ? response.error : undefined;
  const answered = approval.decidedAt !== undefined;
  return (
    <section className="decision" aria-label="Outcome">
      <h4 className="approval-section__title">Outcome</h4>
      <p className="decision__summary">
        <span className={`approval-status approval-status--${approval.status}`}>{statusLabel(approval)}</span>{' '}
        {answered ? (
          <>
            by <strong>{decidedByText(approval)}</strong> at {formatClockTime(approval.decidedAt!)}, after{' '}
            {formatDuration(approval.decidedAt! - approval.receivedAt)}.
          </>
        ) : approval.status === 'invalid' ? (
          <>answered automatically with an error: the request was malformed.</>
        ) : (
          <>no answer was sent.</>
        )}
      </p>
      {approval.decidedBy?.startsWith('rule:') && (
        <p className="decision__rule" role="note">
          An auto-reply rule answered this request without asking you.
        </p>
      )}
      {approval.late && (
        <p className="decision__late" role="note">
          Answered late: the server had probably stopped waiting (its request had likely timed out), but the reply was still sent.
        </p>
      )}
      {approval.completed && <p className="url-elicitation__completed">The server reported this URL flow complete.</p>}
      {error ? (
        <p className="decision__error">
          Sent a JSON-RPC error{typeof error.code === 'number' ? ` (code ${error.code})` : ''}:{' '}
          <span className="mono">{typeof error.message === 'string' ? error.message : JSON.stringify(error.message)}</span>
        </p>
      ) : (
        response !== undefined && <ResponseView approval={approval} response={response} />
      )}
    </section>
  );
}

function ResponseView({ approval, response }: { approval: Approval; response: Record<string, unknown> }) {
  if (approval.kind === 'sampling') {
    return (
      <div className="decision__response">
        <dl className="approval-facts">
          {['role', 'model', 'stopReason'].map((key) =>
            response[key] !== undefined ? (
              <div key={key} className="approval-facts__item">
                <dt>{key === 'stopReason' ? 'Stop reason' : key === 'role' ? 'Role' : 'Model'}</dt>
                <dd className="mono">{typeof response[key] === 'string' ? response[key] : JSON.stringify(response[key])}</dd>
              </div>
            ) : null,
          )}
        </dl>
        <ContentBlocks blocks={Array.isArray(response.content) ? response.content : [response.content]} label="Reply content" />
      </div>
    );
  }
  return (
    <div className="decision__response">
      <p>
        Action: <span className="mono">{typeof response.action === 'string' ? response.action : JSON.stringify(response.action)}</span>
      </p>
      {response.content !== undefined && <JsonText value={response.content} label="Answered content" className="approval-json" />}
    </div>
  );
}
