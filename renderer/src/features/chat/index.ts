/** The chat feature's public face: app/ imports it from here only. */
export { ChatPanel } from './ChatPanel';
export { startChatSync } from './chat-sync';
export { chatSlots } from './slots';
export { ToolCallCard } from './ToolCallCard';
