import { describe, expect, it } from 'vitest';
import { AbortPool } from '../../main/core/connections/abort-pool.js';

describe('AbortPool', () => {
  it('hands back a controller whose signal never fired and that nothing listens to', () => {
    const pool = new AbortPool();
    const first = pool.take();
    const listener = () => {};
    first.signal.addEventListener('abort', listener, { once: true });
    first.signal.removeEventListener('abort', listener);
    pool.give(first);
    expect(pool.take()).toBe(first);
  });

  it('never reuses an aborted controller', () => {
    const pool = new AbortPool();
    const cancelled = pool.take();
    cancelled.abort(new Error('cancelled'));
    pool.give(cancelled);
    const next = pool.take();
    expect(next).not.toBe(cancelled);
    expect(next.signal.aborted).toBe(false);
  });

  it('never reuses a controller something still listens to', () => {
    const pool = new AbortPool();
    const watched = pool.take();
    let heard = 0;
    watched.signal.addEventListener('abort', () => heard++);
    pool.give(watched);
    const next = pool.take();
    expect(next).not.toBe(watched);
    next.abort();
    expect(heard).toBe(0);
  });
});
