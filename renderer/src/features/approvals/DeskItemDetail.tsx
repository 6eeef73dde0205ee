import { createElement } from 'react';
import type { ToolCallApproval } from '../../../../shared/approvals';
import type { DeskItem } from '../../state/approvals/desk-queue';
import { waitingText } from '../../state/approvals/approval-order';
import { useApprovalsStore } from '../../state/approvals/approvals-store';
import { formatClockTime } from '../../ui/format';
import { JsonText } from '../../ui/JsonText';
import { revealInvisible } from '../../../../shared/reveal-invisible';
import { ApprovalDetail } from './ApprovalDetail';
import { approvalsSlots } from './slots';

interface Props {
  item: DeskItem;
  now: number;
  /** The oldest other item waiting, offered once this one is decided. */
  next?: DeskItem | undefined;
}

/** The detail pane for whatever the desk shows: a request, a chat's tool call, or a paused proxied message. */
export function DeskItemDetail({ item, now, next }: Props) {
  if (item.kind === 'request') {
    const nextRequest = next?.kind === 'request' ? next.approval : undefined;
    return <ApprovalDetail approval={item.approval} now={now} next={nextRequest} />;
  }
  if (item.kind === 'tool-call') return <ToolCallDetail call={item.call} now={now} next={next} />;
  return (
    <div className="approval-detail">
      {createElement(approvalsSlots.PausedMessageDetail.get(), { message: item.message, sessionName: item.serverName, now })}
      {item.message.status !== 'paused' && <NextButton next={next} />}
    </div>
  );
}

const CALL_STATUS: Record<ToolCallApproval['status'], string> = {
  pending: 'Pending',
  approved: 'Approved',
  refused: 'Refused',
  cancelled: 'Cancelled',
};

function ToolCallDetail({ call, now, next }: { call: ToolCallApproval; now: number; next?: DeskItem | undefined }) {
  const pending = call.status === 'pending';
  return (
    <article className="approval-detail" aria-label={`Tool call ${revealInvisible(call.tool)} on ${revealInvisible(call.serverName)}`}>
      <header className="approval-detail__header">
        <div className="approval-detail__title-line">
          <h3 className="approval-detail__title">Tool call from the chat</h3>
          <span className={`approval-status approval-status--${pending ? 'pending' : call.status === 'approved' ? 'approved' : 'rejected'}`}>
            {CALL_STATUS[call.status]}
            {call.edited ? ', edited' : ''}
          </span>
        </div>
        <p className="approval-detail__meta">
          on <strong>{revealInvisible(call.serverName)}</strong> · received {formatClockTime(call.receivedAt)}
          {pending && <span className="approval-detail__timer"> · {waitingText(now - call.receivedAt)}</span>}
          {call.held === 'invalid-arguments' && ' · held: its arguments are not valid'}
        </p>
      </header>
      {pending ? (
        createElement(approvalsSlots.ToolCallCard.get(), { call })
      ) : (
        <>
          {call.problem && (
            <p className="approval-problem approval-problem--rejected" role="note">
              {revealInvisible(call.problem)}
            </p>
          )}
          {call.sent && <JsonText value={call.sent} label="Arguments sent" className="approval-json" />}
          <NextButton next={next} />
        </>
      )}
    </article>
  );
}

const NEXT_KIND: Record<DeskItem['kind'], string> = { request: 'Request', 'tool-call': 'Tool call', paused: 'Intercepted message' };

function NextButton({ next }: { next?: DeskItem | undefined }) {
  if (!next) return null;
  return (
    <div className="approval-detail__after">
      <button type="button" className="button button--small button--primary" onClick={() => useApprovalsStore.getState().select(next.key)}>
        Next: {NEXT_KIND[next.kind]} from {next.serverName}
      </button>
    </div>
  );
}
