/** The approvals feature's public face: app/ imports it from here only (named exports, nothing internal). */
export { ApprovalsButton } from './ApprovalsButton';
export { ApprovalsPanel } from './ApprovalsPanel';
export { startDraftsSync } from './drafts-sync';
export { approvalsSlots } from './slots';
