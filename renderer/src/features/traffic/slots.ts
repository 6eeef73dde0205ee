import type { ComponentType } from 'react';
import type { TrafficSessionSummary } from '../../../../shared/traffic';
import { createSlot } from '../../ui/slot';

/** What the traffic feature needs from other features; app/wiring.ts fills it. */
export const trafficSlots = {
  /** Offers to save a tools/call, resources/read or prompts/get request as a request in the open collection. */
  saveAsRequest: createSlot<(call: { kind: 'traffic'; seq: number; method: string; target?: string }) => void>('traffic.saveAsRequest'),
  /** More actions on a saved session in Sessions… (the proxy feature's Serve as mock). */
  SavedSessionActions: createSlot<ComponentType<{ session: TrafficSessionSummary; title: string }>>('traffic.SavedSessionActions'),
};
