import type { Approval } from '../../../../shared/approvals';
import { formatClockTime } from '../../ui/format';
import { KIND_LABELS, statusLabel, summaryOf, waitingText } from '../../state/approvals/approval-order';
import { revealInvisible } from '../../../../shared/reveal-invisible';

/** One compact line pair in the queue or the history: kind, server, timer or status, and what is asked. */
export function ApprovalRow({ approval, now }: { approval: Approval; now: number }) {
  const pending = approval.status === 'pending';
  const byRule = approval.decidedBy?.startsWith('rule:');
  return (
    <div className={`approval-row approval-row--${approval.status}`}>
      <div className="approval-row__line">
        <span className={`kind-chip kind-chip--${approval.kind}`}>{KIND_LABELS[approval.kind]}</span>
        <span className="approval-row__server">{revealInvisible(approval.serverName)}</span>
        <span className="approval-row__spacer" />
        {pending ? (
          <span className="approval-row__timer">{waitingText(now - approval.receivedAt)}</span>
        ) : (
          <>
            {byRule && <span className="approval-status approval-status--rule">Auto-reply</span>}
            <span className={`approval-status approval-status--${approval.status}`}>{statusLabel(approval)}</span>
            <span className="approval-row__time">{formatClockTime(approval.decidedAt ?? approval.receivedAt)}</span>
          </>
        )}
      </div>
      <div className="approval-row__summary">{revealInvisible(summaryOf(approval))}</div>
    </div>
  );
}
