/** Decided approvals kept for the history; pending ones are always kept. */
export const MAX_DECIDED_APPROVALS = 1_000;
