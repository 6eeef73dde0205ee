import { describe, expect, it } from 'vitest';
import type { ChatAssistantTurn, ChatConversation } from '../../shared/chat.js';
import { useChatStore } from '../../renderer/src/features/chat/chat-store.js';
import { parseJsonObject } from '../../renderer/src/ui/json.js';

function conversation(): ChatConversation {
  return { id: 'c1', title: 'Chat', createdAt: 0, updatedAt: 0, settings: {} as ChatConversation['settings'], turns: [], usage: {}, status: 'running', saved: false };
}

function step(index: number, totalTokens: number): ChatAssistantTurn {
  return { index, at: index, type: 'assistant', step: index + 1, model: { providerId: 'p', modelId: 'm' }, text: '', toolCalls: [], usage: { inputTokens: totalTokens - 2, outputTokens: 2, totalTokens }, durationMs: 5, finishReason: 'tool-calls', trafficSeqs: [] } as ChatAssistantTurn;
}

describe('the chat window: a run\'s token count', () => {
  it('agrees with its steps while the run goes on (it waits for an approval before it finishes)', () => {
    const store = useChatStore.getState();
    store.show([conversation()]);
    store.applyEvent({ conversationId: 'c1', type: 'turn', turn: step(0, 18) });
    expect(useChatStore.getState().shown[0]!.conversation.usage.totalTokens).toBe(18);
    // The same turn sent again (updated) is not counted twice; a second step adds its own.
    store.applyEvent({ conversationId: 'c1', type: 'turn', turn: step(0, 18) });
    store.applyEvent({ conversationId: 'c1', type: 'turn', turn: step(1, 7) });
    expect(useChatStore.getState().shown[0]!.conversation.usage).toEqual({ inputTokens: 21, outputTokens: 4, totalTokens: 25 });
  });
});

describe('a JSON object typed in: the sentence on what is wrong', () => {
  it('agrees in number with what it names', () => {
    const bad = parseJsonObject('{', 'arguments', { plural: true });
    expect(bad.ok === false && bad.problem).toMatch(/^The arguments are not valid JSON: /);
    const reply = parseJsonObject('{', 'reply');
    expect(reply.ok === false && reply.problem).toMatch(/^The reply is not valid JSON: /);
  });
});
