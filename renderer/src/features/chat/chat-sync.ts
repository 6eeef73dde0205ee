import { getApi } from '../../bridge/api';
import { reloadConversations } from './chat-actions';
import { useChatStore } from './chat-store';

/** Follows the chat's events (its tool calls are followed by the approvals sync). Returns a stop function. */
export function startChatSync(): () => void {
  const api = getApi();
  const stops = [
    api.on('chat.event', (event) => {
      useChatStore.getState().applyEvent(event);
      // A finished run changed the conversation's turn count and time in the list.
      if (event.type === 'finished') void reloadConversations().catch(() => {});
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
