import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdleRelease, KEEP_IDLE_MS } from '../../main/core/base/idle-release.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('releasing a kept buffer once it goes unused', () => {
  it('releases a while after the last use, not while it is used again and again, nor while busy', () => {
    vi.useFakeTimers();
    const release = vi.fn();
    const idle = new IdleRelease(release);
    idle.used();
    vi.advanceTimersByTime(KEEP_IDLE_MS - 1);
    idle.used();
    vi.advanceTimersByTime(KEEP_IDLE_MS - 1);
    expect(release).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(release).toHaveBeenCalledTimes(1);

    idle.used();
    idle.busy();
    vi.advanceTimersByTime(KEEP_IDLE_MS * 2);
    expect(release).toHaveBeenCalledTimes(1);
  });
});
