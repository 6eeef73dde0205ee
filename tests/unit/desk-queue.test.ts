import { beforeEach, describe, expect, test } from 'vitest';
import type { Approval, ToolCallApproval } from '../../shared/approvals';
import type { PausedMessage, ProxiedSession } from '../../shared/proxy';
import { deskItemByKey, deskQueue, waitingCount } from '../../renderer/src/state/approvals/desk-queue';
import { pendingToolCalls, useToolCallsStore } from '../../renderer/src/state/approvals/tool-calls-store';
import { useApprovalsStore } from '../../renderer/src/state/approvals/approvals-store';

function request(id: string, receivedAt: number, status: Approval['status'] = 'pending'): Approval {
  return { id, kind: 'sampling', serverId: 's1', serverName: 'Server one', request: { messages: [] }, status, receivedAt } as unknown as Approval;
}

function toolCall(id: string, receivedAt: number, status: ToolCallApproval['status'] = 'pending'): ToolCallApproval {
  return { id, kind: 'tool-call', conversationId: 'c1', serverId: 's2', serverName: 'Server two', tool: 'echo', toolCallId: `t-${id}`, arguments: {}, held: 'ask-before-call', status, receivedAt };
}

function paused(id: string, pausedAt: number, status: PausedMessage['status'] = 'paused'): PausedMessage {
  return { id, sessionId: 'p1', serverId: 'proxy:p1', direction: 'out', text: '{}', method: 'tools/call', ruleId: 'r1', pausedAt, deadline: pausedAt + 60_000, status };
}

const sessions = { p1: { name: 'claude-proxied' } as ProxiedSession };

describe('the Approvals desk holds every kind of thing that waits for a person', () => {
  const sources = {
    approvals: { a1: request('a1', 30), a2: request('a2', 10, 'approved') },
    toolCalls: { t1: toolCall('t1', 20), t2: toolCall('t2', 5, 'refused') },
    paused: { m1: paused('m1', 25), m2: paused('m2', 1, 'forwarded') },
    sessions,
  };

  test('the queue is every waiting request, tool call and paused message, the longest waiting first; decided ones are left out', () => {
    const queue = deskQueue(sources);
    expect(queue.map((item) => [item.kind, item.key])).toEqual([
      ['tool-call', 'tool-call:t1'],
      ['paused', 'paused:m1'],
      ['request', 'a1'],
    ]);
    // A paused message is named after its proxied session, not its traffic id.
    expect(queue[1]?.serverName).toBe('claude-proxied');
    expect(waitingCount(sources)).toBe(3);
  });

  test('a desk key finds its item whether it waits or was decided, and nothing for a key of another kind', () => {
    expect(deskItemByKey('tool-call:t2', sources)?.kind).toBe('tool-call');
    expect(deskItemByKey('paused:m2', sources)?.kind).toBe('paused');
    expect(deskItemByKey('a2', sources)?.kind).toBe('request');
    expect(deskItemByKey('tool-call:a1', sources)).toBeUndefined();
    expect(deskItemByKey('paused:t1', sources)).toBeUndefined();
  });
});

describe('the tool-call store', () => {
  beforeEach(() => useToolCallsStore.setState({ byId: {} }));

  test('a late event of the pending state, or a list taken before the decision, does not undo a decision shown', () => {
    useToolCallsStore.getState().apply(toolCall('t1', 1, 'approved'));
    useToolCallsStore.getState().apply(toolCall('t1', 1));
    expect(useToolCallsStore.getState().byId.t1?.status).toBe('approved');
    useToolCallsStore.getState().applyListed([toolCall('t1', 1), toolCall('t3', 2)]);
    expect(useToolCallsStore.getState().byId.t1?.status).toBe('approved');
    expect(pendingToolCalls(useToolCallsStore.getState().byId).map((call) => call.id)).toEqual(['t3']);
  });

  test('keeps every pending call and only the newest 200 decided ones', () => {
    useToolCallsStore.getState().apply(toolCall('waiting', 0));
    for (let index = 0; index < 250; index++) useToolCallsStore.getState().apply(toolCall(`d${index}`, index + 1, 'refused'));
    const byId = useToolCallsStore.getState().byId;
    expect(Object.keys(byId)).toHaveLength(201);
    expect(byId.waiting?.status).toBe('pending');
    expect(byId.d0).toBeUndefined();
    expect(byId.d249).toBeDefined();
  });
});

describe('the desk’s selection across kinds', () => {
  beforeEach(() => {
    useToolCallsStore.setState({ byId: {} });
    useApprovalsStore.setState({ byId: {}, revision: 0, changedAt: {}, unanswered: {}, open: true, view: 'queue', selectedId: null, historySelectedId: null });
  });

  test('a new request does not take the pane from a tool call the person is looking at while it waits', () => {
    useToolCallsStore.getState().apply(toolCall('t1', 1));
    useApprovalsStore.getState().select('tool-call:t1');
    useApprovalsStore.getState().apply(request('a1', 2));
    expect(useApprovalsStore.getState().selectedId).toBe('tool-call:t1');
    // Once that call is decided, the next new request does take it.
    useToolCallsStore.getState().apply(toolCall('t1', 1, 'approved'));
    useApprovalsStore.getState().apply(request('a2', 3));
    expect(useApprovalsStore.getState().selectedId).toBe('a2');
  });

  test('a request answered while shown gives the pane to whatever has waited longest, a tool call included', () => {
    useApprovalsStore.getState().apply(request('a1', 10));
    useToolCallsStore.getState().apply(toolCall('t1', 5));
    useApprovalsStore.getState().apply(request('a2', 20));
    useApprovalsStore.getState().select('a1');
    useApprovalsStore.getState().apply(request('a1', 10, 'approved'));
    expect(useApprovalsStore.getState().selectedId).toBe('tool-call:t1');
  });

  test('a fresh list of requests keeps a shown tool call selected', () => {
    useToolCallsStore.getState().apply(toolCall('t1', 1));
    useApprovalsStore.getState().select('tool-call:t1');
    useApprovalsStore.getState().applyListed([request('a1', 2)], 0);
    expect(useApprovalsStore.getState().selectedId).toBe('tool-call:t1');
  });
});
