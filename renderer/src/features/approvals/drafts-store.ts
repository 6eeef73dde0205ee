import { create } from 'zustand';
import type { JsonObject } from '../../../../shared/mcp';
import type { ReplyDraft } from './sampling-reply';

/** What the person typed for each pending request, so switching between requests loses nothing. */
interface DraftsState {
  replies: Record<string, ReplyDraft>;
  forms: Record<string, JsonObject>;
  rejectMessages: Record<string, string>;
  setReply: (id: string, draft: ReplyDraft) => void;
  setForm: (id: string, answer: JsonObject) => void;
  setRejectMessage: (id: string, message: string) => void;
  /** Drops the drafts of requests that are answered. */
  forget: (ids: readonly string[]) => void;
}

function without<T>(record: Record<string, T>, ids: readonly string[]): Record<string, T> {
  if (!ids.some((id) => Object.hasOwn(record, id))) return record;
  const copy = { ...record };
  for (const id of ids) delete copy[id];
  return copy;
}

export const useDraftsStore = create<DraftsState>()((set) => ({
  replies: {},
  forms: {},
  rejectMessages: {},
  setReply: (id, draft) => set((state) => ({ replies: { ...state.replies, [id]: draft } })),
  setForm: (id, answer) => set((state) => ({ forms: { ...state.forms, [id]: answer } })),
  setRejectMessage: (id, message) => set((state) => ({ rejectMessages: { ...state.rejectMessages, [id]: message } })),
  forget: (ids) =>
    set((state) => {
      const replies = without(state.replies, ids);
      const forms = without(state.forms, ids);
      const rejectMessages = without(state.rejectMessages, ids);
      const same = replies === state.replies && forms === state.forms && rejectMessages === state.rejectMessages;
      return same ? state : { replies, forms, rejectMessages };
    }),
}));
