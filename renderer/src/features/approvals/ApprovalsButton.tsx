import { approvalsButtonLabel } from '../../state/approvals/approval-order';
import { waitingCount } from '../../state/approvals/desk-queue';
import { useToolCallsStore } from '../../state/approvals/tool-calls-store';
import { useProxyStore } from '../../state/proxy/proxy-store';
import { InboxIcon } from './approval-icons';
import { activeRules, useApprovalsStore } from '../../state/approvals/approvals-store';
import { APPROVALS_BUTTON_ID, APPROVALS_PANEL_ID, focusApprovalsPanel } from './focus';
import './approvals.css';

/** Opens the Approvals panel and shows how many things wait for a person (requests, tool calls, paused messages). */
export function ApprovalsButton() {
  const approvals = useApprovalsStore((state) => state.byId);
  const toolCalls = useToolCallsStore((state) => state.byId);
  const paused = useProxyStore((state) => state.paused);
  const pending = waitingCount({ approvals, toolCalls, paused });
  const autoReplyOn = useApprovalsStore((state) => activeRules(state.rules, state.templates).length > 0);
  const open = useApprovalsStore((state) => state.open);
  const label = approvalsButtonLabel(pending, autoReplyOn);

  const toggle = () => {
    useApprovalsStore.getState().setOpen(!open);
    if (!open) focusApprovalsPanel();
  };

  return (
    <button
      type="button"
      id={APPROVALS_BUTTON_ID}
      className={`app-header__button approvals-button ${pending > 0 ? 'approvals-button--pending' : ''}`}
      aria-label={label}
      title={label}
      aria-expanded={open}
      aria-controls={APPROVALS_PANEL_ID}
      onClick={toggle}
    >
      <InboxIcon />
      <span>Approvals</span>
      {pending > 0 && (
        <span className="approvals-button__badge" aria-hidden="true">
          {pending > 999 ? '999+' : pending}
        </span>
      )}
      {autoReplyOn && (
        <span className="approvals-button__auto" aria-hidden="true">
          Auto-reply on
        </span>
      )}
    </button>
  );
}
