import { useState } from 'react';
import type { ApprovalDecision } from '../../../../shared/approvals';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';

/** Sends a decision for one approval; the result arrives as an `approvals.changed` event too. */
export function useDecide(id: string) {
  const api = getApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const decide = async (decision: ApprovalDecision): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      // The new state comes as an event (which also carries the response's traffic seq later).
      await api.invoke('approvals.decide', { id, decision });
      return true;
    } catch (failure) {
      setError(`The answer was not sent: ${errorMessage(failure)}`);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { decide, busy, error };
}
