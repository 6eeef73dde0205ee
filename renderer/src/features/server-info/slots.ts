import type { ComponentType } from 'react';
import type { ServerConfig } from '../../../../shared/server-config';
import { createSlot } from '../../ui/slot';

/** What the server info panel shows from other features; app/wiring.ts fills it. */
export const serverInfoSlots = {
  /** The server's log level (the Logs feature's control). */
  LogLevelControl: createSlot<ComponentType<{ serverId: string }>>('server-info.LogLevelControl'),
  /** Buttons in the header that open other features' dialogs for the server (Compare, Load run). */
  /** Shows the Collections tab (where "Open the diff" of a capability snapshot lands). */
  showCollections: createSlot<() => void>('server-info.showCollections'),
  /** Offered beside a failed connection's sentence (the doctor feature's Diagnose button). */
  DiagnoseButton: createSlot<ComponentType<{ server: ServerConfig; failed?: boolean }>>('server-info.DiagnoseButton'),
  HeaderActions: createSlot<ComponentType<{ server: ServerConfig; connected: boolean }>>('server-info.HeaderActions'),
};
