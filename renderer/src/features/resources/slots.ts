import type { RequestAction } from '../../../../shared/collections';
import { createSlot } from '../../ui/slot';

/** What the resources feature needs from elsewhere; app/wiring.ts fills it. */
export const resourcesSlots = {
  /** Offers to save a read of the resource as a request in the open collection. */
  saveAsRequest: createSlot<(call: { kind: 'request'; action: RequestAction }) => void>('resources.saveAsRequest'),
};
