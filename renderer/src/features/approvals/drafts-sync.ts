import { useApprovalsStore } from '../../state/approvals/approvals-store';
import { useDraftsStore } from './drafts-store';

/** Drops what the person typed for a request once it is answered (or ends otherwise). Returns a stop function. */
export function startDraftsSync(): () => void {
  return useApprovalsStore.subscribe((state, previous) => {
    if (state.byId === previous.byId) return;
    const settled = Object.values(state.byId).filter((approval) => approval.status !== 'pending' && previous.byId[approval.id]?.status === 'pending');
    if (settled.length > 0) useDraftsStore.getState().forget(settled.map((approval) => approval.id));
  });
}
