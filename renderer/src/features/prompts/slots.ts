import type { RequestAction } from '../../../../shared/collections';
import { createSlot } from '../../ui/slot';

/** What the prompts feature needs from elsewhere; app/wiring.ts fills it. */
export const promptsSlots = {
  /** Opens a resource a prompt message links to, in the Resources tab. */
  openResource: createSlot<(serverId: string, uri: string) => void>('prompts.openResource'),
  /** Offers to save a get of the prompt, with these arguments, as a request in the open collection. */
  saveAsRequest: createSlot<(call: { kind: 'request'; action: RequestAction }) => void>('prompts.saveAsRequest'),
};
