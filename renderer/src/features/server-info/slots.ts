import type { ComponentType } from 'react';
import { createSlot } from '../../ui/slot';

/** What the server info panel shows from other features; app/wiring.ts fills it. */
export const serverInfoSlots = {
  /** The server's log level (the Logs feature's control). */
  LogLevelControl: createSlot<ComponentType<{ serverId: string }>>('server-info.LogLevelControl'),
};
