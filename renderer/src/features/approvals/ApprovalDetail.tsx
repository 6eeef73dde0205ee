import { useState } from 'react';
import type { Approval } from '../../../../shared/approvals';
import { errorMessage } from '../../bridge/bridge-error';
import { formatClockTime } from '../../ui/format';
import { JsonText } from '../../ui/JsonText';
import { KIND_LABELS, statusLabel, waitingText } from '../../state/approvals/approval-order';
import { useApprovalsStore } from '../../state/approvals/approvals-store';
import { DecisionView } from './DecisionView';
import { ElicitationForm } from './ElicitationForm';
import { SamplingReplyForm } from './SamplingReplyForm';
import { gaveUp } from './drafts-sync';
import { useDraftsStore } from './drafts-store';
import { SamplingRequestView } from './SamplingRequestView';
import { DeprecatedTag } from '../../ui/DeprecatedTag';
import { TrafficLinks } from './TrafficLinks';
import { UrlElicitation } from './UrlElicitation';
import { revealInvisible } from '../../../../shared/reveal-invisible';
import { approvalsSlots } from './slots';

const TITLES: Record<Approval['kind'], string> = {
  sampling: 'Sampling request',
  'elicitation-form': 'Elicitation request',
  'elicitation-url': 'URL elicitation request',
};

interface Props {
  approval: Approval;
  now: number;
  /** The oldest other pending request, offered once this one is answered. */
  next?: Approval | undefined;
}

/** The reply the person was writing when the server gave up: kept, not sent, to use when the tool is run again. */
function KeptReply({ approval }: { approval: Approval }) {
  const text = useDraftsStore((state) => state.replies[approval.id]?.text ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  if (text.trim() === '') return null;
  const call = approval.duringCall;
  const runAgain = () => {
    if (!call) return;
    setFailure(null);
    approvalsSlots.runToolAgain.get()(approval.serverId, call.tool, call.arguments).catch((error: unknown) => setFailure(errorMessage(error)));
  };
  return (
    <section className="approval-section" aria-label="Your reply, not sent">
      <h4 className="approval-section__title">Your reply, not sent</h4>
      <p className="approval-problem approval-problem--cancelled" role="note">
        The server gave up on this request while you were writing, so your reply was not sent. It is kept here: run the tool
        again (its server asks anew) and paste it into the new request.
      </p>
      <textarea className="input input--mono" readOnly aria-label="Your reply (not sent)" value={text} rows={Math.min(12, text.split('\n').length + 1)} />
      {call && (
        <div className="approval-kept-reply__actions">
          <button type="button" className="button" onClick={runAgain}>
            Run “{revealInvisible(call.tool)}” again
          </button>
          {failure && (
            <span className="form-error" role="alert">
              {failure}
            </span>
          )}
        </div>
      )}
    </section>
  );
}

/** One request: what the server asks, and the answer form while it waits (or what became of it). */
export function ApprovalDetail({ approval, now, next }: Props) {
  const pending = approval.status === 'pending';
  const unanswered = useApprovalsStore((state) => state.unanswered[approval.id] === true);
  const message = typeof approval.request.message === 'string' ? approval.request.message : undefined;

  return (
    <article className="approval-detail" aria-label={`${TITLES[approval.kind]} from ${approval.serverName}`}>
      <header className="approval-detail__header">
        <div className="approval-detail__title-line">
          <h3 className="approval-detail__title">{TITLES[approval.kind]}</h3>
          <span className={`approval-status approval-status--${approval.status}`}>{statusLabel(approval)}</span>
          {approval.late && <span className="approval-status approval-status--late">Late</span>}
          {approval.kind === 'elicitation-url' && approval.completed && <span className="approval-status approval-status--approved">Completed</span>}
          {approval.embedded && approval.kind === 'sampling' && <DeprecatedTag feature="Sampling" />}
        </div>
        {approval.embedded?.source === 'url-required-error' ? (
          <p className="approval-detail__meta">
            The server answered a call with “URL elicitation required” (-32042): open the page, then run the call again.
          </p>
        ) : (
          approval.embedded && (
            <p className="approval-detail__meta">
              Asked in an input_required result (2026-07-28), key <code>{approval.embedded.key}</code>: your answer goes out with round{' '}
              {approval.embedded.round + 1} of the call.
            </p>
          )
        )}
        <p className="approval-detail__meta">
          from <strong>{revealInvisible(approval.serverName)}</strong> · received {formatClockTime(approval.receivedAt)}
          {pending && <span className="approval-detail__timer"> · {waitingText(now - approval.receivedAt)}</span>} ·{' '}
          <TrafficLinks approval={approval} />
        </p>
      </header>

      {!pending && (unanswered || next) && (
        <div className="approval-detail__after">
          {unanswered && (
            <button type="button" className="button button--small" onClick={() => useApprovalsStore.getState().acknowledge(approval.id)}>
              Remove from queue
            </button>
          )}
          {next && (
            <button type="button" className="button button--small button--primary" onClick={() => useApprovalsStore.getState().select(next.id)}>
              Next request ({KIND_LABELS[next.kind]} from {next.serverName})
            </button>
          )}
        </div>
      )}

      {approval.problem && (
        <p className={`approval-problem approval-problem--${approval.status}`} role="note">
          {revealInvisible(approval.problem)}
        </p>
      )}

      {approval.kind === 'sampling' ? (
        <SamplingRequestView request={approval.request} />
      ) : (
        message !== undefined && (
          <section className="approval-section" aria-label="Message from the server">
            <h4 className="approval-section__title">Message</h4>
            <p className="elicitation-message">{revealInvisible(message)}</p>
          </section>
        )
      )}

      {approval.kind === 'elicitation-url' && <UrlElicitation approval={approval} />}
      {pending && approval.kind === 'sampling' && <SamplingReplyForm approval={approval} />}
      {pending && approval.kind === 'elicitation-form' && <ElicitationForm approval={approval} />}
      {approval.kind === 'sampling' && gaveUp(approval) && <KeptReply approval={approval} />}
      {!pending && <DecisionView approval={approval} />}

      <details className="approval-raw">
        <summary>Raw request params</summary>
        <JsonText value={approval.request} label="Raw request params" className="approval-json" />
      </details>
    </article>
  );
}
