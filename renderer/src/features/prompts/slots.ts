import { createSlot } from '../../ui/slot';

/** What the prompts feature needs from elsewhere; app/wiring.ts fills it. */
export const promptsSlots = {
  /** Opens a resource a prompt message links to, in the Resources tab. */
  openResource: createSlot<(serverId: string, uri: string) => void>('prompts.openResource'),
};
