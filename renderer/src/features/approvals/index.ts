/** The approvals feature's public face: other features and the app import it from here only. */
export * from './ApprovalsButton';
export * from './ApprovalsPanel';
export * from './approvals-store';
export * from './approvals-sync';
