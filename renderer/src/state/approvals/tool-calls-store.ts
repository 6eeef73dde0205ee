import { create } from 'zustand';
import type { ToolCallApproval } from '../../../../shared/approvals';

/** The most decided tool calls kept in the window (pending ones always stay). */
const MAX_DECIDED_KEPT = 200;

/**
 * The chat's tool calls that wait for a person (and the latest decided ones), by approval id. The
 * Approvals desk and the chat both show them; either may decide.
 */
interface ToolCallsState {
  byId: Record<string, ToolCallApproval>;
  /** A `approvals.toolCallChanged` event, or a decision's answer. A call never goes back to pending. */
  apply: (call: ToolCallApproval) => void;
  /** An `approvals.toolCalls.list` result: what the core holds now. */
  applyListed: (calls: readonly ToolCallApproval[]) => void;
}

function trimDecided(byId: Record<string, ToolCallApproval>): Record<string, ToolCallApproval> {
  const decided = Object.values(byId).filter((call) => call.status !== 'pending');
  if (decided.length <= MAX_DECIDED_KEPT) return byId;
  const kept = { ...byId };
  for (const call of decided.slice(0, decided.length - MAX_DECIDED_KEPT)) delete kept[call.id];
  return kept;
}

export const useToolCallsStore = create<ToolCallsState>()((set) => ({
  byId: {},
  apply: (call) =>
    set((state) => {
      const current = state.byId[call.id];
      // A late echo of the pending state must not undo a decision already shown.
      if (current && current.status !== 'pending' && call.status === 'pending') return state;
      return { byId: trimDecided({ ...state.byId, [call.id]: call }) };
    }),
  applyListed: (calls) =>
    set((state) => {
      const byId = { ...state.byId };
      for (const call of calls) {
        const current = byId[call.id];
        if (!current || current.status === 'pending') byId[call.id] = call;
      }
      return { byId: trimDecided(byId) };
    }),
}));

/** The calls still waiting for a person, oldest first. */
export function pendingToolCalls(byId: Record<string, ToolCallApproval>): ToolCallApproval[] {
  return Object.values(byId)
    .filter((call) => call.status === 'pending')
    .sort((a, b) => a.receivedAt - b.receivedAt);
}
