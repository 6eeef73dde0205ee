import { approvalsButtonLabel } from '../../state/approvals/approval-order';
import { InboxIcon } from './approval-icons';
import { activeRules, useApprovalsStore } from '../../state/approvals/approvals-store';
import { APPROVALS_BUTTON_ID, APPROVALS_PANEL_ID, focusApprovalsPanel } from './focus';
import './approvals.css';

/** Opens the Approvals panel and shows how many requests wait for a person. */
export function ApprovalsButton() {
  const pending = useApprovalsStore((state) => {
    let count = 0;
    for (const approval of Object.values(state.byId)) if (approval.status === 'pending') count += 1;
    return count;
  });
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
