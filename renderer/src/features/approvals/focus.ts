export const APPROVALS_BUTTON_ID = 'approvals-button';
export const APPROVALS_PANEL_ID = 'approvals-panel';
export const APPROVALS_TITLE_ID = 'approvals-panel-title';

/** The panel's heading takes focus when the person opens the panel (not when it opens by itself). */
export function focusApprovalsPanel(): void {
  requestAnimationFrame(() => document.getElementById(APPROVALS_TITLE_ID)?.focus());
}

export function focusApprovalsButton(): void {
  document.getElementById(APPROVALS_BUTTON_ID)?.focus();
}
