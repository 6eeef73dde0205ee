import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestRun } from '../../shared/collections.js';
import { PROGRESS_EVERY_MS, PROGRESS_MAX_BATCH, RunProgress, type RunProgressEvent } from '../../main/core/collections/run-progress.js';

const run = (index: number): RequestRun => ({ path: `r${index}.yaml`, name: `r${index}`, server: 's', status: 'passed', startedAt: 0, durationMs: 1, checks: [], trafficSeqs: [], resultKept: false });

describe('a run’s progress for the window', () => {
  let events: RunProgressEvent[];
  let progress: RunProgress;

  beforeEach(() => {
    vi.useFakeTimers();
    events = [];
    progress = new RunProgress((event) => events.push(event));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the first request at once and the next ones together, then what is left at the end', () => {
    for (let index = 1; index <= 5; index++) progress.push(run(index), index, 7, 'run-1');
    expect(events.map((event) => event.requests.length)).toEqual([1]);
    vi.advanceTimersByTime(PROGRESS_EVERY_MS);
    expect(events.map((event) => [event.requests.map((request) => request.path), event.done])).toEqual([
      [['r1.yaml'], 1],
      [['r2.yaml', 'r3.yaml', 'r4.yaml', 'r5.yaml'], 5],
    ]);
    progress.push(run(6), 6, 7, 'run-1');
    progress.push(run(7), 7, 7, 'run-1');
    progress.flush();
    expect(events.at(-1)).toEqual({ runId: 'run-1', requests: [run(6), run(7)], done: 7, total: 7 });
    vi.advanceTimersByTime(PROGRESS_EVERY_MS);
    expect(events).toHaveLength(3);
  });

  it('bounds an event’s size, and never mixes two runs in one event', () => {
    for (let index = 1; index <= PROGRESS_MAX_BATCH + 1; index++) progress.push(run(index), index, 2_000, 'run-1');
    expect(events.map((event) => event.requests.length)).toEqual([1, PROGRESS_MAX_BATCH]);
    progress.push(run(1), 1, 1, 'run-2');
    expect(events.map((event) => [event.runId, event.requests.length])).toEqual([
      ['run-1', 1],
      ['run-1', PROGRESS_MAX_BATCH],
      ['run-2', 1],
    ]);
  });
});
