import { createSlot } from '../../ui/slot';

/** What the tools feature needs from elsewhere; app/wiring.ts fills it. */
export const toolsSlots = {
  /** Opens a resource a tool result links to, in the Resources tab. */
  openResource: createSlot<(serverId: string, uri: string) => void>('tools.openResource'),
};
