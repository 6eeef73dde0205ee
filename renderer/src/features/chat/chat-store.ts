import { create } from 'zustand';
import type { ToolCallApproval } from '../../../../shared/approvals';
import type { ChatConversation, ChatEvent } from '../../../../shared/chat';

interface ChatState {
  /** The conversation shown (one at a time in this minimal view). */
  conversation: ChatConversation | null;
  /** The text of the step being streamed, until its turn arrives. */
  streaming: string;
  /** How the last run ended, in one sentence, when it did not simply answer. */
  ended: string | null;
  /** The chat's tool calls, by approval id: pending ones wait for Approve or Refuse. */
  toolCalls: Record<string, ToolCallApproval>;
  setConversation: (conversation: ChatConversation | null) => void;
  /** A request's answer: events that arrived before it (a newer state of the same conversation) are kept. */
  adopt: (conversation: ChatConversation) => void;
  applyEvent: (event: ChatEvent) => void;
  applyToolCall: (approval: ToolCallApproval) => void;
}

export const useChatStore = create<ChatState>()((set) => ({
  conversation: null,
  streaming: '',
  ended: null,
  toolCalls: {},
  setConversation: (conversation) => set({ conversation, streaming: '', ended: null }),
  adopt: (conversation) =>
    set((state) => {
      const shown = state.conversation;
      if (shown?.id === conversation.id && shown.turns.length > conversation.turns.length) return state;
      return { conversation, ...(shown?.id === conversation.id ? {} : { streaming: '', ended: null }) };
    }),
  applyEvent: (event) =>
    set((state) => {
      const conversation = state.conversation;
      if (!conversation || conversation.id !== event.conversationId) return state;
      switch (event.type) {
        case 'status':
          return { conversation: { ...conversation, status: event.status } };
        case 'step-start':
          return { streaming: '', ended: null };
        case 'text-delta':
          return { streaming: state.streaming + event.text };
        case 'turn': {
          const turns = [...conversation.turns];
          turns[event.turn.index] = event.turn;
          return { conversation: { ...conversation, turns }, streaming: event.turn.type === 'assistant' ? '' : state.streaming };
        }
        case 'finished':
          return { conversation: { ...conversation, usage: event.usage }, streaming: '', ended: event.reason === 'answered' ? null : (event.message ?? event.reason) };
      }
    }),
  applyToolCall: (approval) => set((state) => ({ toolCalls: { ...state.toolCalls, [approval.id]: approval } })),
}));
