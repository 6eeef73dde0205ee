import { beforeEach, describe, expect, test } from 'vitest';
import type { Approval } from '../../shared/approvals.js';
import {
  approvalsButtonLabel,
  decidedByText,
  historyOf,
  filterHistory,
  historyValues,
  pendingByServer,
  pendingQueue,
  statusLabel,
  summaryOf,
  waitingText,
} from '../../renderer/src/state/approvals/approval-order.js';
import { activeRules, useApprovalsStore } from '../../renderer/src/state/approvals/approvals-store.js';

function approval(id: string, overrides: Partial<Approval> = {}): Approval {
  return {
    id,
    serverId: 's1',
    serverName: 'Alpha',
    kind: 'sampling',
    rpcId: id,
    request: { messages: [{ role: 'user', content: { type: 'text', text: `question ${id}` } }], maxTokens: 10 },
    receivedAt: 1_000,
    status: 'pending',
    ...overrides,
  };
}

describe('queue and history order', () => {
  test('the queue holds only pending requests, the longest waiting first (ties broken by id)', () => {
    const list = [
      approval('c', { receivedAt: 30 }),
      approval('done', { receivedAt: 1, status: 'approved', decidedAt: 40 }),
      approval('b', { receivedAt: 10 }),
      approval('a', { receivedAt: 10 }),
      approval('gone', { receivedAt: 5, status: 'disconnected' }),
    ];
    expect(pendingQueue(list).map((item) => item.id)).toEqual(['a', 'b', 'c']);
  });

  test('the history holds everything decided or ended, the latest first', () => {
    const list = [
      approval('p'),
      approval('early', { status: 'rejected', decidedAt: 100 }),
      approval('late', { status: 'approved', decidedAt: 300 }),
      approval('ended', { status: 'cancelled', receivedAt: 200 }),
    ];
    expect(historyOf(list).map((item) => item.id)).toEqual(['late', 'ended', 'early']);
  });

  test('pending requests are counted per server, in order of first arrival', () => {
    const queue = pendingQueue([
      approval('1', { serverId: 'b', serverName: 'Beta', receivedAt: 1 }),
      approval('2', { serverId: 'a', serverName: 'Alpha', receivedAt: 2 }),
      approval('3', { serverId: 'b', serverName: 'Beta', receivedAt: 3 }),
    ]);
    expect(pendingByServer(queue)).toEqual([
      { serverId: 'b', serverName: 'Beta', count: 2 },
      { serverId: 'a', serverName: 'Alpha', count: 1 },
    ]);
  });
});

describe('labels', () => {
  test('the header button names the pending count and an active auto-reply', () => {
    expect(approvalsButtonLabel(2, false)).toBe('Approvals, 2 pending');
    expect(approvalsButtonLabel(0, false)).toBe('Approvals, none pending');
    expect(approvalsButtonLabel(1, true)).toBe('Approvals, 1 pending, auto-reply on');
  });

  test('the waiting timer reads in seconds, then minutes, then hours', () => {
    expect(waitingText(-5)).toBe('waiting for 0 s');
    expect(waitingText(12_900)).toBe('waiting for 12 s');
    expect(waitingText(125_000)).toBe('waiting for 2 min 5 s');
    expect(waitingText(3_725_000)).toBe('waiting for 1 h 2 min');
  });

  test('elicitation statuses read as accept, decline and cancel', () => {
    expect(statusLabel({ kind: 'elicitation-form', status: 'approved' })).toBe('Accepted');
    expect(statusLabel({ kind: 'elicitation-url', status: 'rejected' })).toBe('Declined');
    expect(statusLabel({ kind: 'elicitation-form', status: 'dismissed' })).toBe('Cancelled');
    expect(statusLabel({ kind: 'sampling', status: 'approved' })).toBe('Approved');
    expect(statusLabel({ kind: 'sampling', status: 'cancelled' })).toBe('Cancelled by server');
    expect(statusLabel({ kind: 'sampling', status: 'cancelled', cancelledBy: 'you' })).toBe('Cancelled by you');
    expect(statusLabel({ kind: 'elicitation-form', status: 'cancelled', cancelledBy: 'timeout' })).toBe("Ended by Loupe's timeout");
  });

  test('who answered: the person, a rule, Loupe for malformed requests, or nobody', () => {
    expect(decidedByText({ decidedBy: 'user', status: 'approved' })).toBe('you');
    expect(decidedByText({ decidedBy: 'rule:Always yes', status: 'approved' })).toBe('auto-reply rule “Always yes”');
    expect(decidedByText({ status: 'invalid' })).toBe('Loupe, automatically (malformed request)');
    expect(decidedByText({ status: 'disconnected' })).toBe('nobody');
  });

  test('the summary is the last message text, the elicitation message, the URL host, or the problem', () => {
    const sampling = approval('s', {
      request: {
        messages: [
          { role: 'user', content: { type: 'text', text: 'first' } },
          { role: 'assistant', content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }, { type: 'text', text: 'second\n  line' }] },
        ],
      },
    });
    expect(summaryOf(sampling)).toBe('second line');
    expect(summaryOf(approval('i', { request: { messages: [{ role: 'user', content: { type: 'image' } }] } }))).toBe('1 message(s) without text');
    expect(summaryOf(approval('m', { request: { messages: 'oops' } }))).toBe('No messages');
    expect(summaryOf(approval('e', { kind: 'elicitation-form', request: { message: 'Your name?' } }))).toBe('Your name?');
    expect(summaryOf(approval('u', { kind: 'elicitation-url', request: { message: 'Sign in', url: 'https://id.example.com/x' } }))).toBe(
      'id.example.com: Sign in',
    );
    expect(summaryOf(approval('bad', { status: 'invalid', problem: 'Malformed: "messages" is missing.' }))).toBe('Malformed: "messages" is missing.');
    expect(summaryOf(approval('long', { kind: 'elicitation-form', request: { message: 'x'.repeat(400) } }))).toHaveLength(160);
  });

  test('the history filter matches server, status, who answered and text, by free text or by key, and offers the values it has', () => {
    const item = approval('h', { serverName: 'Weather', status: 'approved', decidedBy: 'rule:sunny', decidedAt: 5 });
    const other = approval('o', { serverName: 'Files', kind: 'elicitation-form', status: 'rejected', decidedBy: 'user', decidedAt: 6, request: { message: 'Your name?' } });
    const matches = (query: string) => filterHistory([item, other], query).map((found) => found.id);
    expect(matches('weather approved')).toEqual(['h']);
    expect(matches('sunny')).toEqual(['h']);
    expect(matches('question h')).toEqual(['h']);
    expect(matches('rejected')).toEqual([]);
    expect(matches('server:files')).toEqual(['o']);
    expect(matches('kind:elicitation')).toEqual(['o']);
    expect(matches('-server:weather')).toEqual(['o']);
    expect(matches('server:name')).toEqual([]);
    expect(matches('')).toEqual(['h', 'o']);
    expect(historyValues([item, other], 'server')).toEqual(['Weather', 'Files']);
    expect(historyValues([item, other], 'text')).toBeUndefined();
  });
});

describe('approvals store', () => {
  beforeEach(() => {
    useApprovalsStore.setState({ byId: {}, revision: 0, changedAt: {}, unanswered: {}, open: false, view: 'history', selectedId: null, historySelectedId: null });
  });

  test('a new pending request opens the panel on the queue and is selected', () => {
    expect(useApprovalsStore.getState().apply(approval('a'))).toBe(true);
    const state = useApprovalsStore.getState();
    expect(state).toMatchObject({ open: true, view: 'queue', selectedId: 'a' });
    // A state change of a known request is not news.
    expect(useApprovalsStore.getState().apply(approval('a', { requestSeq: 4 }))).toBe(false);
  });

  test('a second request does not take the selection from a pending one; answering one moves to the next waiting', () => {
    const store = useApprovalsStore.getState();
    store.apply(approval('a'));
    store.apply(approval('b'));
    expect(useApprovalsStore.getState().selectedId).toBe('a');
    store.apply(approval('a', { status: 'approved', decidedAt: 2, decidedBy: 'user' }));
    expect(useApprovalsStore.getState().selectedId).toBe('b');
    store.apply(approval('c'));
    expect(useApprovalsStore.getState().selectedId).toBe('b');
    store.apply(approval('b', { status: 'rejected', decidedAt: 3, decidedBy: 'user' }));
    expect(useApprovalsStore.getState().selectedId).toBe('c');
    // With nothing left waiting, the answered one stays shown.
    store.apply(approval('c', { status: 'approved', decidedAt: 4, decidedBy: 'user' }));
    expect(useApprovalsStore.getState().selectedId).toBe('c');
  });

  test('a newer request takes the selection from an answered one', () => {
    const store = useApprovalsStore.getState();
    store.apply(approval('a'));
    store.apply(approval('a', { status: 'approved', decidedAt: 2, decidedBy: 'user' }));
    store.apply(approval('d'));
    expect(useApprovalsStore.getState().selectedId).toBe('d');
  });

  test('an open panel stays on the view the person chose', () => {
    useApprovalsStore.setState({ open: true, view: 'history' });
    useApprovalsStore.getState().apply(approval('a'));
    expect(useApprovalsStore.getState().view).toBe('history');
  });

  test('requests that end unanswered stay in view until acknowledged; answered ones do not', () => {
    const store = useApprovalsStore.getState();
    store.apply(approval('cancel-me'));
    store.apply(approval('cancel-me', { status: 'cancelled', problem: 'The server cancelled this request.' }));
    store.apply(approval('answered'));
    store.apply(approval('answered', { status: 'rejected', decidedBy: 'user', decidedAt: 3 }));
    store.apply(approval('bad', { status: 'invalid', problem: 'Malformed' }));
    expect(Object.keys(useApprovalsStore.getState().unanswered).sort()).toEqual(['bad', 'cancel-me']);
    store.acknowledge('bad');
    expect(Object.keys(useApprovalsStore.getState().unanswered)).toEqual(['cancel-me']);
    store.acknowledgeAll();
    expect(useApprovalsStore.getState().unanswered).toEqual({});
  });

  test('a listed state does not undo an event that arrived while the list was loading', () => {
    const store = useApprovalsStore.getState();
    store.apply(approval('old'));
    const revision = useApprovalsStore.getState().revision;
    store.apply(approval('old', { status: 'approved', decidedBy: 'user', decidedAt: 9 }));
    store.apply(approval('new'));
    store.applyListed([approval('old'), approval('listed-only')], revision);
    const byId = useApprovalsStore.getState().byId;
    expect(byId.old?.status).toBe('approved');
    expect(Object.keys(byId).sort()).toEqual(['listed-only', 'new', 'old']);
  });

  test('a listed state drops approvals the core no longer has, and opens the panel when some are pending', () => {
    const store = useApprovalsStore.getState();
    store.apply(approval('evicted', { status: 'approved', decidedBy: 'user', decidedAt: 1 }));
    useApprovalsStore.setState({ open: false });
    store.applyListed([approval('waiting')], useApprovalsStore.getState().revision);
    expect(Object.keys(useApprovalsStore.getState().byId)).toEqual(['waiting']);
    expect(useApprovalsStore.getState().open).toBe(true);
  });

  test('only enabled rules whose template exists, or that answer with a model, are active', () => {
    const templates = [{ id: 't1', name: 'T', result: {} }];
    const rules = [
      { id: 'r1', name: 'on', enabled: true, templateId: 't1' },
      { id: 'r2', name: 'off', enabled: false, templateId: 't1' },
      { id: 'r3', name: 'dangling', enabled: true, templateId: 'gone' },
      { id: 'r4', name: 'model', enabled: true, templateId: '', answerWithModel: { tokenCapPerSession: 100 } },
      { id: 'r5', name: 'model off', enabled: false, templateId: '', answerWithModel: { tokenCapPerSession: 100 } },
    ];
    expect(activeRules(rules, templates).map((rule) => rule.id)).toEqual(['r1', 'r4']);
  });
});
