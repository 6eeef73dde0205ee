import type { ComponentType } from 'react';
import { createSlot } from '../../ui/slot';

/** What the Servers list shows from other features; app/wiring.ts fills it. */
export const serversSlots = {
  /** The proxied sessions' cards, under the configured servers (the proxy feature's list). */
  ProxiedSessions: createSlot<ComponentType>('servers.ProxiedSessions'),
};
