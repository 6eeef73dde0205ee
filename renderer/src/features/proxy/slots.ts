import { createSlot } from '../../ui/slot';

/** What the proxy feature needs from elsewhere; app/wiring.ts fills it. */
export const proxySlots = {
  /** Shows only this serverId's traffic in the log (a proxied session's entries). */
  showServerTraffic: createSlot<(serverId: string) => void>('proxy.showServerTraffic'),
  /** Downloads this serverId's entries in the log as JSON Lines (named after `name`); resolves to how many. */
  exportServerTraffic: createSlot<(serverId: string, name: string) => Promise<number>>('proxy.exportServerTraffic'),
};
