import type { ComponentType } from 'react';
import type { ServerConfig } from '../../../../shared/server-config';
import { createSlot } from '../../ui/slot';

/** What the Servers list shows from other features; app/wiring.ts fills it. */
export const serversSlots = {
  /** The proxied sessions' cards, under the configured servers (the proxy feature's list). */
  ProxiedSessions: createSlot<ComponentType>('servers.ProxiedSessions'),
  /** Offered beside a failed connection's sentence (the doctor feature's Diagnose button). */
  DiagnoseButton: createSlot<ComponentType<{ server: ServerConfig; failed?: boolean }>>('servers.DiagnoseButton'),
};
