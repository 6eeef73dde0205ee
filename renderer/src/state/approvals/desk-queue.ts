import type { Approval, ToolCallApproval } from '../../../../shared/approvals';
import type { PausedMessage, ProxiedSession } from '../../../../shared/proxy';
import { pendingQueue } from './approval-order';
import { pendingToolCalls } from './tool-calls-store';

/**
 * What waits for a person in the Approvals desk: a server's sampling or elicitation request, a
 * chat's tool call, or a proxied message an intercept rule paused. Each has a key unique in the
 * desk (a request's key is its approval id, so the store's selection of requests is unchanged).
 */
export type DeskItem =
  | { kind: 'request'; key: string; receivedAt: number; serverId: string; serverName: string; approval: Approval }
  | { kind: 'tool-call'; key: string; receivedAt: number; serverId: string; serverName: string; call: ToolCallApproval }
  | { kind: 'paused'; key: string; receivedAt: number; serverId: string; serverName: string; message: PausedMessage };

const TOOL_CALL_PREFIX = 'tool-call:';
const PAUSED_PREFIX = 'paused:';

export function requestItem(approval: Approval): DeskItem {
  return { kind: 'request', key: approval.id, receivedAt: approval.receivedAt, serverId: approval.serverId, serverName: approval.serverName, approval };
}

export function toolCallItem(call: ToolCallApproval): DeskItem {
  return { kind: 'tool-call', key: TOOL_CALL_PREFIX + call.id, receivedAt: call.receivedAt, serverId: call.serverId, serverName: call.serverName, call };
}

export function pausedItem(message: PausedMessage, sessions: Record<string, ProxiedSession>): DeskItem {
  const serverName = sessions[message.sessionId]?.name ?? message.serverId;
  return { kind: 'paused', key: PAUSED_PREFIX + message.id, receivedAt: message.pausedAt, serverId: message.serverId, serverName, message };
}

/** Whether a desk key names a server's request (its approval id), not a tool call or a paused message. */
export function isRequestKey(key: string): boolean {
  return !key.startsWith(TOOL_CALL_PREFIX) && !key.startsWith(PAUSED_PREFIX);
}

const requestWaits = (approval: Approval) => approval.status === 'pending';
const toolCallWaits = (call: ToolCallApproval) => call.status === 'pending';
const messageWaits = (message: PausedMessage) => message.status === 'paused';

export function isWaiting(item: DeskItem): boolean {
  if (item.kind === 'request') return requestWaits(item.approval);
  if (item.kind === 'tool-call') return toolCallWaits(item.call);
  return messageWaits(item.message);
}

interface DeskSources {
  approvals: Record<string, Approval>;
  toolCalls: Record<string, ToolCallApproval>;
  paused: Record<string, PausedMessage>;
  sessions: Record<string, ProxiedSession>;
}

/** Everything waiting for a person, of every kind, the one waiting longest first. */
export function deskQueue({ approvals, toolCalls, paused, sessions }: DeskSources): DeskItem[] {
  const items = [
    ...pendingQueue(Object.values(approvals)).map(requestItem),
    ...pendingToolCalls(toolCalls).map(toolCallItem),
    ...Object.values(paused)
      .filter(messageWaits)
      .map((message) => pausedItem(message, sessions)),
  ];
  return items.sort((a, b) => a.receivedAt - b.receivedAt || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The item a desk key names, waiting or decided, if the window still holds it. */
export function deskItemByKey(key: string, sources: DeskSources): DeskItem | undefined {
  if (key.startsWith(TOOL_CALL_PREFIX)) {
    const call = sources.toolCalls[key.slice(TOOL_CALL_PREFIX.length)];
    return call ? toolCallItem(call) : undefined;
  }
  if (key.startsWith(PAUSED_PREFIX)) {
    const message = sources.paused[key.slice(PAUSED_PREFIX.length)];
    return message ? pausedItem(message, sources.sessions) : undefined;
  }
  const approval = sources.approvals[key];
  return approval ? requestItem(approval) : undefined;
}

/** How many things of every kind wait for a person: the Approvals button's count. */
export function waitingCount({ approvals, toolCalls, paused }: Omit<DeskSources, 'sessions'>): number {
  const count = <T>(items: Record<string, T>, waits: (item: T) => boolean) => Object.values(items).filter(waits).length;
  return count(approvals, requestWaits) + count(toolCalls, toolCallWaits) + count(paused, messageWaits);
}
