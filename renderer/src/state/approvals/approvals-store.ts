import { create } from 'zustand';
import type { Approval, AutoReplyRule, SamplingTemplate } from '../../../../shared/approvals.js';
import { UNANSWERED_STATUSES } from './approval-order.js';
import { deskItemByKey, deskQueue, isRequestKey, isWaiting } from './desk-queue';
import { useToolCallsStore } from './tool-calls-store';
import { useProxyStore } from '../proxy/proxy-store';

/** The whole desk with these approvals: tool calls and paused messages are in their own stores. */
function deskSources(approvals: Record<string, Approval>) {
  const { paused, sessions } = useProxyStore.getState();
  return { approvals, toolCalls: useToolCallsStore.getState().byId, paused, sessions };
}

export type ApprovalsView = 'queue' | 'history' | 'auto-reply';

interface ApprovalsState {
  /** Every approval the core reported, by id: pending ones and the history. */
  byId: Record<string, Approval>;
  /** Bumped by each event, so a slower `approvals.list` cannot undo it. */
  revision: number;
  /** The revision at which each approval was last changed by an event. */
  changedAt: Record<string, number>;
  /** Ended without an answer from here (cancelled, disconnected, invalid): kept in the queue until acknowledged. */
  unanswered: Record<string, true>;
  open: boolean;
  view: ApprovalsView;
  /** The request shown in the queue's detail pane. */
  selectedId: string | null;
  /** The decision shown in the history's detail pane. */
  historySelectedId: string | null;
  templates: SamplingTemplate[];
  rules: AutoReplyRule[];

  /** An `approvals.changed` event. Returns true when it announced a new pending request. */
  apply: (approval: Approval) => boolean;
  /** Several events at once, in order, as one change. Returns how many new pending requests they announced. */
  applyMany: (approvals: readonly Approval[]) => number;
  /** An `approvals.list` result; approvals an event changed since `revisionAtRequest` keep the event's state. */
  applyListed: (approvals: Approval[], revisionAtRequest: number) => void;
  acknowledge: (id: string) => void;
  acknowledgeAll: () => void;
  setOpen: (open: boolean) => void;
  setView: (view: ApprovalsView) => void;
  select: (id: string | null) => void;
  selectHistory: (id: string | null) => void;
  setTemplates: (templates: SamplingTemplate[]) => void;
  setRules: (rules: AutoReplyRule[]) => void;
}

export const useApprovalsStore = create<ApprovalsState>()((set, get) => ({
  byId: {},
  revision: 0,
  changedAt: {},
  unanswered: {},
  open: false,
  view: 'queue',
  selectedId: null,
  historySelectedId: null,
  templates: [],
  rules: [],

  apply: (approval) => get().applyMany([approval]) > 0,
  applyMany: (approvals) => {
    let newPending = 0;
    set((state) => {
      const byId = { ...state.byId };
      const changedAt = { ...state.changedAt };
      let unanswered = state.unanswered;
      let selectedId = state.selectedId;
      const revision = state.revision + 1;
      for (const approval of approvals) {
        const previous = byId[approval.id];
        const isNewPending = approval.status === 'pending' && !previous;
        // Only a change seen live is news: one that ended before we knew of it is just history.
        const endedUnanswered =
          UNANSWERED_STATUSES.has(approval.status) && (previous?.status === 'pending' || (!previous && approval.status === 'invalid'));
        byId[approval.id] = approval;
        changedAt[approval.id] = revision;
        if (endedUnanswered) unanswered = { ...unanswered, [approval.id]: true };
        // Answered (or gone) while shown: what has waited longest in the desk, of any kind, takes its place.
        if (previous?.status === 'pending' && approval.status !== 'pending' && selectedId === approval.id) {
          selectedId = deskQueue(deskSources(byId))[0]?.key ?? selectedId;
        }
        if (isNewPending) {
          newPending += 1;
          // A new request takes the detail pane unless the person is looking at something else that waits
          // (a request, a chat's tool call being edited, a paused message).
          const selected = selectedId ? deskItemByKey(selectedId, deskSources(byId)) : undefined;
          if (!selected || !isWaiting(selected)) selectedId = approval.id;
        }
      }
      return {
        byId,
        changedAt,
        unanswered,
        selectedId,
        revision,
        // Opening by itself shows the queue; an open panel stays where the person left it.
        ...(newPending > 0 && !state.open ? { open: true, view: 'queue' as const } : {}),
      };
    });
    return newPending;
  },
  applyListed: (approvals, revisionAtRequest) =>
    set((state) => {
      const byId: Record<string, Approval> = {};
      for (const listed of approvals) {
        const current = state.byId[listed.id];
        byId[listed.id] = current && (state.changedAt[listed.id] ?? 0) > revisionAtRequest ? current : listed;
      }
      for (const [id, current] of Object.entries(state.byId)) {
        if (!byId[id] && (state.changedAt[id] ?? 0) > revisionAtRequest) byId[id] = current;
      }
      const unanswered = Object.fromEntries(Object.keys(state.unanswered).filter((id) => byId[id]).map((id) => [id, true] as const));
      const hasPending = approvals.some((approval) => approval.status === 'pending');
      return {
        byId,
        unanswered,
        // A tool call or paused message shown in the desk is not this list's to drop.
        selectedId: state.selectedId && (byId[state.selectedId] || !isRequestKey(state.selectedId)) ? state.selectedId : null,
        historySelectedId: state.historySelectedId && byId[state.historySelectedId] ? state.historySelectedId : null,
        ...(hasPending && !state.open ? { open: true, view: 'queue' as const } : {}),
      };
    }),
  acknowledge: (id) =>
    set((state) => {
      if (!state.unanswered[id]) return state;
      const unanswered = { ...state.unanswered };
      delete unanswered[id];
      return { unanswered };
    }),
  acknowledgeAll: () => set({ unanswered: {} }),
  setOpen: (open) => set({ open }),
  setView: (view) => set({ view }),
  select: (id) => set({ selectedId: id }),
  selectHistory: (id) => set({ historySelectedId: id }),
  setTemplates: (templates) => set({ templates }),
  setRules: (rules) => set({ rules }),
}));

/** Rules that answer sampling on their own right now (enabled, with a model or an existing template). */
export function activeRules(rules: readonly AutoReplyRule[], templates: readonly SamplingTemplate[]): AutoReplyRule[] {
  return rules.filter((rule) => rule.enabled && (rule.answerWithModel !== undefined || templates.some((template) => template.id === rule.templateId)));
}
