/**
 * A new run is held back from "Running" for its first moment (RUNNING_SHOWN_AFTER_MS), so a quick
 * call goes straight from the last result to its own; a slow one shows as running after that moment.
 * Fake timers make the moment exact: no wall-clock threshold.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToolRun } from '../../renderer/src/features/tools/run-history.js';
import { RUNNING_SHOWN_AFTER_MS, useSettledRun } from '../../renderer/src/features/tools/use-settled-run.js';

function run(callId: string, status: ToolRun['status'], startedAt = Date.now()): ToolRun {
  return { callId, serverId: 's', toolName: 'slow', startedAt, status, arguments: {} };
}

describe('useSettledRun', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('keeps showing the last result while a new run is in its first moment', () => {
    const last = run('a', 'done');
    const { result, rerender } = renderHook(({ current }) => useSettledRun(current), { initialProps: { current: last } });
    rerender({ current: run('b', 'running') });
    expect(result.current.run).toBe(last);
    expect(result.current.heldCallId).toBe('b');
    act(() => vi.advanceTimersByTime(RUNNING_SHOWN_AFTER_MS - 1));
    expect(result.current.run?.callId).toBe('a');
  });

  it('shows a slow run as running once its moment has passed', () => {
    const { result, rerender } = renderHook(({ current }) => useSettledRun(current), { initialProps: { current: run('a', 'done') } });
    const slow = run('b', 'running');
    rerender({ current: slow });
    act(() => vi.advanceTimersByTime(RUNNING_SHOWN_AFTER_MS));
    expect(result.current.run).toBe(slow);
    expect(result.current.heldCallId).toBeUndefined();
  });

  it('goes straight from the last result to a quick run’s own, never showing it as running', () => {
    const shown: Array<string | undefined> = [];
    const { rerender } = renderHook(({ current }) => {
      const settled = useSettledRun(current);
      shown.push(`${settled.run?.callId}:${settled.run?.status}`);
      return settled;
    }, { initialProps: { current: run('a', 'done') } });
    const startedAt = Date.now();
    rerender({ current: run('b', 'running', startedAt) });
    act(() => vi.advanceTimersByTime(5));
    rerender({ current: run('b', 'done', startedAt) });
    expect(shown).not.toContain('b:running');
    expect(shown.at(-1)).toBe('b:done');
  });

  it('counts the moment from when the run started, not from when it was first rendered', () => {
    const { result, rerender } = renderHook(({ current }) => useSettledRun(current), { initialProps: { current: run('a', 'done') } });
    rerender({ current: run('b', 'running', Date.now() - RUNNING_SHOWN_AFTER_MS + 10) });
    act(() => vi.advanceTimersByTime(10));
    expect(result.current.run?.callId).toBe('b');
  });
});
