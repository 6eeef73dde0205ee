/** Placeholder: the pending sampling and elicitation requests. */
export function ApprovalsPanel() {
  return null;
}
