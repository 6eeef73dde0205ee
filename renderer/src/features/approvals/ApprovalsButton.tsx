/** Placeholder: opens the Approvals panel and shows how many requests wait for a person. */
export function ApprovalsButton() {
  return null;
}
