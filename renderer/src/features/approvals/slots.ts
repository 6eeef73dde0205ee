import { createSlot } from '../../ui/slot';

/** What the approvals feature needs from elsewhere; app/wiring.ts fills it. */
export const approvalsSlots = {
  /** Shows a traffic entry in the log, with its detail. */
  showTraffic: createSlot<(seq: number) => void>('approvals.showTraffic'),
  /** Opens the Models settings (providers and the hint → model rules). */
  openModelsSettings: createSlot<() => void>('approvals.openModelsSettings'),
};
