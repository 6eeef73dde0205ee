/** The tools feature's public face: app/ imports it from here only (named exports, nothing internal). */
export { ToolsPanel } from './ToolsPanel';
export { toolsSlots } from './slots';
export { runToolAgain } from './tools-store';
export { startToolsSync } from './tools-sync';
export { TaskCallResult } from './TaskCallResult';
export { InlineToolApp } from './apps/InlineToolApp';
