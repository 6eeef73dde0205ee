import { getApi } from '../../bridge/api';
import { saveFile } from '../../ui/content/file-actions';
import { useChatStore } from './chat-store';

/** Reloads the list of saved and recent conversations. */
export async function reloadConversations(): Promise<void> {
  useChatStore.getState().setSummaries(await getApi().invoke('chat.list'));
}

/** Shows a saved or recent conversation (the core loads a saved one from the data folder). */
export async function openConversation(conversationId: string): Promise<void> {
  const conversation = await getApi().invoke('chat.get', { conversationId });
  useChatStore.getState().show([conversation]);
}

export async function saveConversation(conversationId: string): Promise<void> {
  await getApi().invoke('chat.save', { conversationId });
  const conversation = await getApi().invoke('chat.get', { conversationId });
  useChatStore.getState().adopt(conversation);
  await reloadConversations();
}

export async function removeConversation(conversationId: string): Promise<void> {
  await getApi().invoke('chat.remove', { conversationId });
  const store = useChatStore.getState();
  if (store.shown.some((chat) => chat.conversation.id === conversationId)) store.show([]);
  await reloadConversations();
}

/** Downloads the conversation as the core exports it (its turns and settings; never a provider's key). */
export async function exportConversation(conversationId: string, title: string): Promise<void> {
  const json = await getApi().invoke('chat.export', { conversationId });
  saveFile(`${fileNameOf(title)}.chat.json`, json, 'application/json');
}

/** A conversation's title as a file name: letters, digits and dashes, at most 60 characters. */
function fileNameOf(title: string): string {
  return (
    title
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'chat'
  );
}

/** A new conversation with the turns before `turnIndex`, then `text` (or that turn) sent again. */
export async function restartConversation(conversationId: string, turnIndex: number, text?: string): Promise<void> {
  const conversation = await getApi().invoke('chat.restart', { conversationId, turnIndex, ...(text !== undefined ? { text } : {}) });
  useChatStore.getState().show([conversation]);
  await reloadConversations();
}
