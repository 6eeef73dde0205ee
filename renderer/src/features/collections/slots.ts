import { createSlot } from '../../ui/slot';

/** What the collections feature needs from elsewhere; app/wiring.ts fills it. */
export const collectionsSlots = {
  /** Selects a request's entry in the traffic log. */
  showTraffic: createSlot<(seq: number) => void>('collections.showTraffic'),
};
