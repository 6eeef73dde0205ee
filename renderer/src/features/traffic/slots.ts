import type { ComponentType } from 'react';
import type { TrafficSessionSummary } from '../../../../shared/traffic';
import { createSlot } from '../../ui/slot';

/** What the traffic feature shows from other features; app/wiring.ts fills it. */
export const trafficSlots = {
  /** More actions on a saved session in Sessions… (the proxy feature's Serve as mock). */
  SavedSessionActions: createSlot<ComponentType<{ session: TrafficSessionSummary; title: string }>>('traffic.SavedSessionActions'),
};
