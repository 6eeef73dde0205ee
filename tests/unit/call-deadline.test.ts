import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallDeadline } from '../../main/core/connections/call-deadline.js';

describe('CallDeadline: a call’s timeout that stops while a person answers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const start = (timeouts: { timeoutMs: number; resetTimeoutOnProgress: boolean; maxTotalTimeoutMs: number }) => {
    const expired: string[] = [];
    const deadline = new CallDeadline(timeouts, (message) => expired.push(message), () => Date.now());
    return { deadline, expired };
  };

  it('expires after the timeout of server time, not counting the paused stretches', () => {
    const { deadline, expired } = start({ timeoutMs: 1_000, resetTimeoutOnProgress: false, maxTotalTimeoutMs: 10_000 });
    vi.advanceTimersByTime(600);
    deadline.pause();
    deadline.pause(); // two requests wait at once
    vi.advanceTimersByTime(60_000);
    deadline.resume();
    vi.advanceTimersByTime(5_000);
    expect(expired).toEqual([]); // one request still waits
    deadline.resume();
    vi.advanceTimersByTime(399);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(['No answer within 1 s: the request timed out.']);
  });

  it('progress restarts the timeout when asked, up to the total', () => {
    const { deadline, expired } = start({ timeoutMs: 1_000, resetTimeoutOnProgress: true, maxTotalTimeoutMs: 3_000 });
    for (let step = 0; step < 3; step++) {
      vi.advanceTimersByTime(900);
      deadline.progress();
    }
    vi.advanceTimersByTime(299);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(['No answer within 3 s in all (the most a call may take, progress or not): the request timed out.']);
  });

  it('progress does nothing when the timeouts say not to, and a stopped deadline never fires', () => {
    const first = start({ timeoutMs: 1_000, resetTimeoutOnProgress: false, maxTotalTimeoutMs: 5_000 });
    vi.advanceTimersByTime(900);
    first.deadline.progress();
    vi.advanceTimersByTime(100);
    expect(first.expired).toHaveLength(1);
    const second = start({ timeoutMs: 1_000, resetTimeoutOnProgress: true, maxTotalTimeoutMs: 5_000 });
    second.deadline.stop();
    vi.advanceTimersByTime(10_000);
    expect(second.expired).toEqual([]);
  });
});
