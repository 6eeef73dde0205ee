import { create } from 'zustand';
import type { DraftEvent, DraftStarted, TokenUsage } from '../../../../shared/models';

/** A model's draft of one sampling reply, as this window follows it. */
export type ModelDraft =
  /** `models.draft` was asked; its answer (the draft id) may come after the first text. */
  | { status: 'starting'; draftId?: string }
  | { status: 'drafting'; draftId: string; started: DraftStarted }
  | { status: 'done'; draftId: string; started?: DraftStarted; modelName: string; usage: TokenUsage; durationMs: number; warnings: string[] }
  | { status: 'failed'; draftId?: string; started?: DraftStarted; message: string }
  | { status: 'stopped'; draftId: string; started?: DraftStarted };

interface ModelDraftsState {
  /** By approval id. */
  byApproval: Record<string, ModelDraft>;
  begin: (approvalId: string) => void;
  started: (started: DraftStarted) => void;
  failedToStart: (approvalId: string, message: string) => void;
  /** A `models.draft` event; false when it belongs to no draft this window follows (an older one, another window's). */
  accept: (event: DraftEvent) => boolean;
  forget: (ids: readonly string[]) => void;
}

function started(draft: ModelDraft): DraftStarted | undefined {
  return 'started' in draft ? draft.started : undefined;
}

export const useModelDraftsStore = create<ModelDraftsState>()((set, get) => ({
  byApproval: {},
  begin: (approvalId) => set((state) => ({ byApproval: { ...state.byApproval, [approvalId]: { status: 'starting' } } })),
  started: (answer) =>
    set((state) => {
      const draft = state.byApproval[answer.approvalId];
      if (!draft || (draft.draftId !== undefined && draft.draftId !== answer.draftId)) return state;
      // The draft may already have ended (a fast failure): keep its end, add what was chosen.
      const next: ModelDraft =
        draft.status === 'starting' ? { status: 'drafting', draftId: answer.draftId, started: answer } : { ...draft, started: answer };
      return { byApproval: { ...state.byApproval, [answer.approvalId]: next } };
    }),
  failedToStart: (approvalId, message) =>
    set((state) => (state.byApproval[approvalId]?.status === 'starting' ? { byApproval: { ...state.byApproval, [approvalId]: { status: 'failed', message } } } : state)),
  accept: (event) => {
    const draft = get().byApproval[event.approvalId];
    const following = draft && (draft.status === 'starting' || draft.status === 'drafting') && (draft.draftId === undefined || draft.draftId === event.draftId);
    if (!following) return false;
    const base = { draftId: event.draftId, ...(started(draft) ? { started: started(draft)! } : {}) };
    let next: ModelDraft | undefined;
    switch (event.type) {
      case 'delta':
        if (draft.draftId === undefined) next = { status: 'starting', draftId: event.draftId };
        break;
      case 'done':
        next = { status: 'done', ...base, modelName: event.modelName, usage: event.usage, durationMs: event.durationMs, warnings: event.warnings };
        break;
      case 'failed':
        next = { status: 'failed', ...base, message: event.message };
        break;
      case 'stopped':
        next = { status: 'stopped', ...base };
        break;
    }
    if (next) set((state) => ({ byApproval: { ...state.byApproval, [event.approvalId]: next } }));
    return true;
  },
  forget: (ids) =>
    set((state) => {
      if (!ids.some((id) => Object.hasOwn(state.byApproval, id))) return state;
      const byApproval = { ...state.byApproval };
      for (const id of ids) delete byApproval[id];
      return { byApproval };
    }),
}));
