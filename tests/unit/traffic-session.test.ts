import { describe, expect, test } from 'vitest';
import { compileRowFilter } from '../../shared/filter/traffic-filter.js';
import { parseTrafficQuery } from '../../shared/filter/traffic-query.js';
import { TrafficSession, type FrameScheduler } from '../../renderer/src/state/traffic/traffic-session.js';
import { TrafficView } from '../../renderer/src/state/traffic/traffic-view.js';
import { EntryFactory } from './traffic-test-entries.js';

/** Frames run when the test says so; the clock moves only when the test moves it. */
class ManualFrames implements FrameScheduler {
  time = 0;
  private callbacks: Array<() => void> = [];
  /** How much the clock advances each time it is read, to make work "take time". */
  costPerRead = 0;

  request(callback: () => void): () => void {
    this.callbacks.push(callback);
    return () => {
      this.callbacks = this.callbacks.filter((queued) => queued !== callback);
    };
  }

  now(): number {
    this.time += this.costPerRead;
    return this.time;
  }

  get pending(): number {
    return this.callbacks.length;
  }

  runFrame(): void {
    const callbacks = this.callbacks;
    this.callbacks = [];
    for (const callback of callbacks) callback();
  }
}

describe('traffic session: batches applied per frame', () => {
  test('entries wait in the queue until a frame; listeners hear once per frame', () => {
    const frames = new ManualFrames();
    const session = new TrafficSession(1_000, frames);
    const make = new EntryFactory();
    let notified = 0;
    session.subscribe(() => notified++);
    session.enqueue([make.notification('a'), make.notification('b')]);
    session.enqueue([make.notification('c')]);
    expect(session.log.length).toBe(0);
    expect(session.lastSeq).toBe(3);
    expect(frames.pending).toBe(1);
    frames.runFrame();
    expect(session.log.length).toBe(3);
    expect(notified).toBe(1);
    expect(frames.pending).toBe(0);
  });

  test('a flood larger than a frame budget is applied over several frames, "catching up" meanwhile', () => {
    const frames = new ManualFrames();
    frames.costPerRead = 1; // every clock read costs 1 ms: the 10 ms budget runs out quickly
    const session = new TrafficSession(100_000, frames);
    const make = new EntryFactory();
    session.enqueue(Array.from({ length: 5_000 }, () => make.notification('notifications/message')));
    frames.runFrame();
    expect(session.log.length).toBeGreaterThan(0);
    expect(session.log.length).toBeLessThan(5_000);
    expect(session.catchingUp).toBe(true);
    expect(session.pendingEntries()).toHaveLength(5_000 - session.log.length);
    for (let frame = 0; frame < 100 && frames.pending > 0; frame++) frames.runFrame();
    expect(session.log.length).toBe(5_000);
    expect(session.catchingUp).toBe(false);
  });

  test('a filter finishing in a later frame tells the listeners', () => {
    const frames = new ManualFrames();
    const session = new TrafficSession(100_000, frames);
    const make = new EntryFactory();
    session.enqueue(Array.from({ length: 20_000 }, (_, index) => make.notification(index % 2 ? 'odd' : 'even')));
    const view = new TrafficView(session.log);
    session.addView(view);
    frames.runFrame();
    expect(view.rows.length).toBe(20_000);

    // As the panel does: apply the filter with a first slice too short to finish, then leave the rest to frames.
    view.setFilter(compileRowFilter(session.log, parseTrafficQuery('method:odd'), { serverName: () => undefined, invert: false, preserveLog: true }));
    expect(view.sync(Number.NEGATIVE_INFINITY)).toBe(false);
    session.schedule();
    expect(session.catchingUp).toBe(false);
    let notified = 0;
    session.subscribe(() => notified++);
    // One frame finishes the filter, with no new entry arriving: it must still tell the listeners.
    frames.runFrame();
    expect(view.rebuilding).toBe(false);
    expect(view.rows.length).toBe(10_000);
    expect(notified).toBe(1);
  });

  test('during a flood the listeners hear about new rows about every 100 ms, and the last rows are always shown', () => {
    const frames = new ManualFrames();
    const session = new TrafficSession(100_000, frames);
    const make = new EntryFactory();
    let notified = 0;
    session.subscribe(() => notified++);
    // 60 frames of 16 ms, each bringing a batch: about 1 s of flood.
    for (let frame = 0; frame < 60; frame++) {
      session.enqueue([make.notification('notifications/message')]);
      frames.runFrame();
      frames.time += 16;
    }
    expect(session.log.length).toBe(60);
    expect(notified).toBeGreaterThanOrEqual(9);
    expect(notified).toBeLessThanOrEqual(11);
    // The flood stopped: the rows of the last interval are shown when it is up.
    const before = notified;
    for (let frame = 0; frame < 10 && frames.pending > 0; frame++) {
      frames.time += 16;
      frames.runFrame();
    }
    expect(notified).toBe(before + 1);
    expect(frames.pending).toBe(0);
  });

  test('clear empties the log and the queue', () => {
    const frames = new ManualFrames();
    const session = new TrafficSession(1_000, frames);
    const make = new EntryFactory();
    session.enqueue([make.notification('a')]);
    frames.runFrame();
    session.enqueue([make.notification('b')]);
    session.clear();
    frames.runFrame();
    expect(session.log.length).toBe(0);
    expect(session.lastSeq).toBe(-1);
  });
});
