import type { RequestAction } from '../../../../shared/collections';
import { createSlot } from '../../ui/slot';

/** What the tools feature needs from elsewhere; app/wiring.ts fills it. */
export const toolsSlots = {
  /** Opens a resource a tool result links to, in the Resources tab. */
  openResource: createSlot<(serverId: string, uri: string) => void>('tools.openResource'),
  /** Offers to save a call of the tool, with these arguments, as a request in the open collection. */
  saveAsRequest: createSlot<(call: { kind: 'request'; action: RequestAction }) => void>('tools.saveAsRequest'),
};
