/** The prompts feature's public face: app/ imports it from here only (named exports, nothing internal). */
export { PromptsPanel } from './PromptsPanel';
export { promptsSlots } from './slots';
