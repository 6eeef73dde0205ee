import { createSlot } from '../../ui/slot';

/** What the auth feature needs from elsewhere; app/wiring.ts fills it. */
export const authSlots = {
  /** Shows an HTTP exchange of the sign-in in the traffic log. */
  showTraffic: createSlot<(seq: number) => void>('auth.showTraffic'),
};
