import { isWaiting, type DeskItem } from '../../state/approvals/desk-queue';
import { clip, waitingText } from '../../state/approvals/approval-order';
import { formatDuration } from '../../ui/format';
import { revealInvisible } from '../../../../shared/reveal-invisible';
import { ApprovalRow } from './ApprovalRow';

/** One row of the desk's queue: a server's request, a chat's tool call, or a paused proxied message. */
export function DeskRow({ item, now }: { item: DeskItem; now: number }) {
  if (item.kind === 'request') return <ApprovalRow approval={item.approval} now={now} />;
  const waiting = isWaiting(item);
  return (
    <div className={`approval-row approval-row--${waiting ? 'pending' : 'approved'}`}>
      <div className="approval-row__line">
        <span className={`kind-chip kind-chip--${item.kind}`}>{item.kind === 'tool-call' ? 'Tool call' : 'Intercepted'}</span>
        <span className="approval-row__server">{revealInvisible(item.serverName)}</span>
        <span className="approval-row__spacer" />
        <span className="approval-row__timer">
          {item.kind === 'paused' && waiting ? `forwarded in ${formatDuration(Math.max(0, item.message.deadline - now))}` : waitingText(now - item.receivedAt)}
        </span>
      </div>
      <div className="approval-row__summary">{revealInvisible(summaryOf(item))}</div>
    </div>
  );
}

function summaryOf(item: Exclude<DeskItem, { kind: 'request' }>): string {
  if (item.kind === 'tool-call') {
    const args = typeof item.call.arguments === 'string' ? item.call.arguments : JSON.stringify(item.call.arguments ?? {});
    return clip(`The model calls ${item.call.tool} ${args.slice(0, 400)}`);
  }
  const from = item.message.direction === 'out' ? 'from the client' : 'from the server';
  return clip(`${item.message.method ?? 'A message'} ${from}: ${item.message.text.slice(0, 400)}`);
}
