import { createSlot } from '../../ui/slot';

/** What the chat needs from elsewhere; app/wiring.ts fills it. */
export const chatSlots = {
  /** Opens the Models settings, for a person with no provider yet. */
  openModelsSettings: createSlot<() => void>('chat.openModelsSettings'),
};
