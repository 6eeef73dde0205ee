import type { Approval } from '../../../../shared/approvals';
import type { DraftEvent } from '../../../../shared/models';
import { getApi } from '../../bridge/api';
import { useApprovalsStore } from '../../state/approvals/approvals-store';
import { useDraftsStore } from './drafts-store';
import { useModelDraftsStore } from './model-draft-store';
import { draftFromResult, initialDraft } from './sampling-reply';

/**
 * Drops what the person typed for a request once it is answered (or ends otherwise), and streams a
 * model's draft (`models.draft` events) into the reply it drafts. Returns a stop function.
 */
export function startDraftsSync(): () => void {
  const stopForgetting = useApprovalsStore.subscribe((state, previous) => {
    if (state.byId === previous.byId) return;
    const settled = Object.values(state.byId).filter((approval) => approval.status !== 'pending' && previous.byId[approval.id]?.status === 'pending');
    // A reply being written when the server gave up is kept (shown with the request), until the request leaves the queue.
    const kept = (approval: Approval) => approval.kind === 'sampling' && gaveUp(approval);
    const removed = Object.keys(previous.byId).filter((id) => state.byId[id] === undefined);
    const ids = [...settled.filter((approval) => !kept(approval)).map((approval) => approval.id), ...removed];
    if (ids.length === 0) return;
    useDraftsStore.getState().forget(ids);
    useModelDraftsStore.getState().forget(ids);
  });
  const stopStreaming = getApi().on('models.draft', applyModelDraft);
  return () => {
    stopForgetting();
    stopStreaming();
  };
}

/** The server cancelled the request (`notifications/cancelled`): it no longer wants an answer. */
export function gaveUp(approval: Pick<Approval, 'status' | 'cancelledBy'>): boolean {
  return approval.status === 'cancelled' && (approval.cancelledBy ?? 'server') === 'server';
}

/** The model's text goes into the reply editor as it arrives; its finished result replaces it whole. */
function applyModelDraft(event: DraftEvent): void {
  if (!useModelDraftsStore.getState().accept(event)) return;
  const drafts = useDraftsStore.getState();
  const reply = drafts.replies[event.approvalId] ?? initialDraft();
  if (event.type === 'delta') drafts.setReply(event.approvalId, { ...reply, contentKind: 'text', text: reply.text + event.text });
  else if (event.type === 'done') drafts.setReply(event.approvalId, draftFromResult(event.result, reply));
}
