import type { ComponentType } from 'react';
import type { JsonObject } from '../../../../shared/mcp';
import { createSlot } from '../../ui/slot';

/** What the chat needs from elsewhere; app/wiring.ts fills it. */
export const chatSlots = {
  /** Opens the Models settings, for a person with no provider yet. */
  openModelsSettings: createSlot<() => void>('chat.openModelsSettings'),
  /** A tool result's MCP App, hosted as the Tools pane hosts it. */
  ToolResultApp: createSlot<
    ComponentType<{ serverId: string; toolName: string; uri: string; toolInput: JsonObject; toolResult?: unknown; onClosed: () => void }>
  >('chat.ToolResultApp'),
};
