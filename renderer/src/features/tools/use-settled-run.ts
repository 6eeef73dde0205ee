import { useEffect, useState } from 'react';
import type { ToolRun } from './run-history';

/**
 * How long a new run may take before it is shown as running. Most calls answer sooner: they go
 * straight from the last result to their own in one frame, with no flash of "Running" (and no frame
 * drawn for it that the reply would wait behind).
 */
export const RUNNING_SHOWN_AFTER_MS = 60;

export interface SettledRun {
  /** The run to show: the one shown before while `run` has just started, else `run`. */
  run: ToolRun | undefined;
  /** The call of a run that has just started and is not shown yet. */
  heldCallId: string | undefined;
}

/** What to show for `run` (see RUNNING_SHOWN_AFTER_MS). */
export function useSettledRun(run: ToolRun | undefined): SettledRun {
  const [settled, setSettled] = useState(run);
  /** The running run whose moment has passed: shown as running from then on. */
  const [releasedCallId, setReleasedCallId] = useState<string>();
  const holding = run?.status === 'running' && run.callId !== releasedCallId;
  // Derived state kept from the previous render: React re-renders at once with it.
  if (!holding && settled !== run) setSettled(run);
  const heldCallId = holding ? run.callId : undefined;
  const startedAt = run?.startedAt ?? 0;
  useEffect(() => {
    if (heldCallId === undefined) return;
    const timer = setTimeout(() => setReleasedCallId(heldCallId), Math.max(0, RUNNING_SHOWN_AFTER_MS - (Date.now() - startedAt)));
    return () => clearTimeout(timer);
  }, [heldCallId, startedAt]);
  return holding ? { run: settled, heldCallId } : { run, heldCallId: undefined };
}
