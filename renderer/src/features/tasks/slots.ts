import type { ComponentType } from 'react';
import { createSlot } from '../../ui/slot';

/** What the Tasks tab shows from other features; app/wiring.ts fills it. */
export const tasksSlots = {
  /** The result of the tool call a task belongs to (the tools feature's result view), or nothing. */
  CallResult: createSlot<ComponentType<{ serverId: string; callId: string }>>('tasks.CallResult'),
};
