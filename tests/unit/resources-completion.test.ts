import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RpcOutcome } from '../../shared/mcp.js';
import {
  CompletionSequencer,
  completionContext,
  completionStateOf,
  MAX_COMPLETION_VALUES,
  type CompletionState,
  type CompletionTransport,
} from '../../renderer/src/ui/completion/completion-sequencer.js';

function ok(values: unknown, extra: Record<string, unknown> = {}): RpcOutcome {
  return { result: { completion: { values, ...extra } }, violations: [], durationMs: 1, responseSize: 10 };
}

/** A transport whose requests the test answers by hand, in any order. */
class FakeTransport implements CompletionTransport {
  readonly requests: Array<{ callId: string; value: string; context: Record<string, string>; answer(outcome: RpcOutcome): void; fail(error: Error): void }> = [];
  readonly cancelled: string[] = [];

  request(callId: string, value: string, context: Record<string, string>): Promise<RpcOutcome> {
    return new Promise((resolve, reject) => this.requests.push({ callId, value, context, answer: resolve, fail: reject }));
  }

  cancel(callId: string): void {
    this.cancelled.push(callId);
  }
}

describe('completionStateOf', () => {
  it('reads values, total and hasMore', () => {
    expect(completionStateOf(ok(['a', 'b'], { total: 10, hasMore: true }))).toEqual({ status: 'done', values: ['a', 'b'], total: 10, hasMore: true });
    expect(completionStateOf(ok([]))).toEqual({ status: 'done', values: [], hasMore: false });
  });

  it('keeps the strings of a list with other things in it, and cuts at the spec’s 100', () => {
    expect(completionStateOf(ok(['a', 1, null, 'b']))).toMatchObject({ values: ['a', 'b'] });
    const many = Array.from({ length: 150 }, (_, index) => `v${index}`);
    const state = completionStateOf(ok(many));
    expect(state).toMatchObject({ status: 'done', hasMore: true });
    expect(state.status === 'done' && state.values.length).toBe(MAX_COMPLETION_VALUES);
  });

  it('explains failures and malformed replies', () => {
    expect(
      completionStateOf({ failure: { kind: 'protocol', message: 'Method not found', code: -32601 }, violations: [], durationMs: 1, responseSize: 1 }),
    ).toEqual({ status: 'failed', message: 'Method not found' });
    expect(completionStateOf({ result: {}, violations: [], durationMs: 1, responseSize: 1 })).toMatchObject({ status: 'failed' });
    expect(completionStateOf({ result: { completion: { values: 'a' } }, violations: [], durationMs: 1, responseSize: 1 })).toMatchObject({
      status: 'failed',
    });
  });
});

describe('completionContext', () => {
  it('holds the other filled-in fields only', () => {
    expect(completionContext({ department: 'Sales', name: 'E', empty: '' }, 'name')).toEqual({ department: 'Sales' });
    expect(completionContext({ name: 'E' }, 'name')).toEqual({});
  });
});

describe('CompletionSequencer', () => {
  let transport: FakeTransport;
  let states: CompletionState[];
  let sequencer: CompletionSequencer;
  let ids: number;

  beforeEach(() => {
    vi.useFakeTimers();
    transport = new FakeTransport();
    states = [];
    ids = 0;
    sequencer = new CompletionSequencer(transport, (state) => states.push(state), { debounceMs: 200, newCallId: () => `call-${++ids}` });
  });

  afterEach(() => {
    sequencer.dispose();
    vi.useRealTimers();
  });

  it('waits for a pause in typing and sends only the last value', async () => {
    sequencer.schedule('E', {});
    vi.advanceTimersByTime(100);
    sequencer.schedule('En', {});
    vi.advanceTimersByTime(100);
    sequencer.schedule('Eng', { department: 'x' });
    expect(transport.requests).toHaveLength(0);
    vi.advanceTimersByTime(199);
    expect(transport.requests).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(transport.requests.map((request) => [request.value, request.context])).toEqual([['Eng', { department: 'x' }]]);
    expect(states).toEqual([{ status: 'loading', values: [] }]);
    transport.requests[0]!.answer(ok(['Engineering']));
    await vi.runAllTimersAsync();
    expect(states.at(-1)).toEqual({ status: 'done', values: ['Engineering'], hasMore: false });
    expect(transport.cancelled).toEqual([]);
  });

  it('cancels the request under way when a newer one starts, and ignores its late answer', async () => {
    sequencer.requestNow('', {});
    sequencer.requestNow('S', {});
    expect(transport.cancelled).toEqual(['call-1']);
    // The newer answer arrives first, then the stale one.
    transport.requests[1]!.answer(ok(['Sales', 'Support']));
    await vi.runAllTimersAsync();
    transport.requests[0]!.answer(ok(['Engineering', 'Sales', 'Marketing', 'Support']));
    await vi.runAllTimersAsync();
    expect(states.filter((state) => state.status === 'done')).toEqual([{ status: 'done', values: ['Sales', 'Support'], hasMore: false }]);
  });

  it('keeps the previous suggestions visible while the next ones load', async () => {
    sequencer.requestNow('', {});
    transport.requests[0]!.answer(ok(['1', '2']));
    await vi.runAllTimersAsync();
    sequencer.requestNow('1', {});
    expect(states.at(-1)).toEqual({ status: 'loading', values: ['1', '2'] });
  });

  it('does not cancel a request that has already been answered', async () => {
    sequencer.requestNow('a', {});
    transport.requests[0]!.answer(ok(['ab']));
    await vi.runAllTimersAsync();
    sequencer.requestNow('ab', {});
    expect(transport.cancelled).toEqual([]);
  });

  it('stop() drops the pending timer and the running request', async () => {
    sequencer.schedule('x', {});
    sequencer.stop();
    vi.advanceTimersByTime(1000);
    expect(transport.requests).toHaveLength(0);
    sequencer.requestNow('y', {});
    sequencer.stop();
    expect(transport.cancelled).toEqual(['call-1']);
    transport.requests[0]!.answer(ok(['late']));
    await vi.runAllTimersAsync();
    expect(states.some((state) => state.status === 'done')).toBe(false);
  });

  it('reports a rejected request as a failure with its message', async () => {
    sequencer.requestNow('x', {});
    transport.requests[0]!.fail(new Error('Lost connection to the Loupe host'));
    await vi.runAllTimersAsync();
    expect(states.at(-1)).toEqual({ status: 'failed', message: 'Lost connection to the Loupe host' });
  });

  it('stops asking a server that does not know completion/complete', async () => {
    sequencer.requestNow('x', {});
    transport.requests[0]!.answer({
      failure: { kind: 'protocol', message: 'Method not found', code: -32601 },
      violations: [],
      durationMs: 1,
      responseSize: 1,
    });
    await vi.runAllTimersAsync();
    expect(states.at(-1)).toEqual({ status: 'failed', message: 'Method not found' });
    sequencer.requestNow('xy', {});
    sequencer.schedule('xyz', {});
    vi.advanceTimersByTime(1000);
    expect(transport.requests).toHaveLength(1);
  });

  it('sends nothing after dispose', () => {
    sequencer.dispose();
    sequencer.requestNow('x', {});
    sequencer.schedule('x', {});
    vi.advanceTimersByTime(1000);
    expect(transport.requests).toHaveLength(0);
  });
});
