import { createSlot } from '../../ui/slot';

/** What the traffic feature needs from elsewhere; app/wiring.ts fills it. */
export const trafficSlots = {
  /** Offers to save a tools/call, resources/read or prompts/get request as a request in the open collection. */
  saveAsRequest: createSlot<(call: { kind: 'traffic'; seq: number; method: string; target?: string }) => void>('traffic.saveAsRequest'),
};
