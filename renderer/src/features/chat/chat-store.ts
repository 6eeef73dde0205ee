import { create } from 'zustand';
import type { ChatConversation, ChatEvent, ChatSummary } from '../../../../shared/chat';
import { addTokenUsage } from '../../../../shared/models';

/** A conversation on screen, with the text of the step being streamed and how its last run ended. */
export interface ShownChat {
  conversation: ChatConversation;
  /** The text of the step being streamed, until its turn arrives. */
  streaming: string;
  /** How the last run ended, in one sentence, when it did not simply answer. */
  ended: string | null;
}

interface ChatState {
  /** The conversations on screen: one, or the two columns of a Compare. Events of others are ignored. */
  shown: ShownChat[];
  /** The saved and recent conversations (`chat.list`). */
  summaries: ChatSummary[];
  /** Shows these conversations (none: a new chat). */
  show: (conversations: ChatConversation[]) => void;
  /** A request's answer: events that arrived before it (a newer state of the same conversation) are kept. */
  adopt: (conversation: ChatConversation) => void;
  setSummaries: (summaries: ChatSummary[]) => void;
  applyEvent: (event: ChatEvent) => void;
}

function fresh(conversation: ChatConversation): ShownChat {
  return { conversation, streaming: '', ended: null };
}

function applyTo(chat: ShownChat, event: ChatEvent): ShownChat {
  const conversation = chat.conversation;
  switch (event.type) {
    case 'status':
      return { ...chat, conversation: { ...conversation, status: event.status } };
    case 'step-start':
      return { ...chat, streaming: '', ended: null };
    case 'text-delta':
      return { ...chat, streaming: chat.streaming + event.text };
    case 'turn': {
      const turns = [...conversation.turns];
      const isNewStep = event.turn.type === 'assistant' && turns[event.turn.index] === undefined;
      turns[event.turn.index] = event.turn;
      // The core adds each step's usage as its turn arrives: so does the window, so the total agrees with the steps during a run.
      const usage = isNewStep && event.turn.type === 'assistant' ? addTokenUsage(conversation.usage, event.turn.usage) : conversation.usage;
      return { ...chat, conversation: { ...conversation, turns, usage }, streaming: event.turn.type === 'assistant' ? '' : chat.streaming };
    }
    case 'finished':
      return { ...chat, conversation: { ...conversation, usage: event.usage }, streaming: '', ended: event.reason === 'answered' ? null : (event.message ?? event.reason) };
  }
}

export const useChatStore = create<ChatState>()((set) => ({
  shown: [],
  summaries: [],
  show: (conversations) => set({ shown: conversations.map(fresh) }),
  adopt: (conversation) =>
    set((state) => {
      const at = state.shown.findIndex((chat) => chat.conversation.id === conversation.id);
      if (at < 0) return { shown: [fresh(conversation)] };
      const current = state.shown[at]!;
      if (current.conversation.turns.length > conversation.turns.length) return state;
      const shown = [...state.shown];
      shown[at] = { ...current, conversation };
      return { shown };
    }),
  setSummaries: (summaries) => set({ summaries }),
  applyEvent: (event) =>
    set((state) => {
      const at = state.shown.findIndex((chat) => chat.conversation.id === event.conversationId);
      if (at < 0) return state;
      const shown = [...state.shown];
      shown[at] = applyTo(shown[at]!, event);
      return { shown };
    }),
}));
