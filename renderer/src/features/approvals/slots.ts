import type { ComponentType } from 'react';
import type { ToolCallApproval } from '../../../../shared/approvals';
import type { JsonObject } from '../../../../shared/mcp';
import type { PausedMessage } from '../../../../shared/proxy';
import { createSlot } from '../../ui/slot';

/** What the approvals feature needs from elsewhere; app/wiring.ts fills it. */
export const approvalsSlots = {
  /** Shows a traffic entry in the log, with its detail. */
  showTraffic: createSlot<(seq: number) => void>('approvals.showTraffic'),
  /** Runs a tool again with the same arguments, in the Tools tab of its server. */
  runToolAgain: createSlot<(serverId: string, tool: string, args: JsonObject) => Promise<void>>('approvals.runToolAgain'),
  /** Opens the Models settings (providers and the hint → model rules). */
  openModelsSettings: createSlot<() => void>('approvals.openModelsSettings'),
  /** The chat's card for a tool call its model asked for: approve, edit the arguments, or refuse. */
  ToolCallCard: createSlot<ComponentType<{ call: ToolCallApproval }>>('approvals.ToolCallCard'),
  /** The intercept's detail of a paused proxied message: forward, edit, answer or drop. */
  PausedMessageDetail: createSlot<ComponentType<{ message: PausedMessage; sessionName: string; now: number }>>('approvals.PausedMessageDetail'),
};
