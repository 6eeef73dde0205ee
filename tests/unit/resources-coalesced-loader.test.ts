import { describe, expect, it } from 'vitest';
import { createCoalescedLoader } from '../../renderer/src/features/resources/coalesced-loader.js';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createCoalescedLoader', () => {
  it('folds any number of requests during a load into exactly one more load', async () => {
    const calls: string[] = [];
    const pending: Array<ReturnType<typeof deferred>> = [];
    const load = createCoalescedLoader({
      load: (serverId, connectionId) => {
        calls.push(`${serverId}/${connectionId}`);
        const next = deferred();
        pending.push(next);
        return next.promise;
      },
      isCurrent: () => true,
    });
    load('s', 'c1');
    load('s', 'c1');
    load('s', 'c1');
    load('s', 'c1');
    expect(calls).toEqual(['s/c1']);
    pending[0]!.resolve();
    await flush();
    expect(calls).toEqual(['s/c1', 's/c1']);
    pending[1]!.resolve();
    await flush();
    expect(calls).toHaveLength(2);
  });

  it('loads servers independently and a new connection at once', async () => {
    const calls: string[] = [];
    const load = createCoalescedLoader({
      load: async (serverId, connectionId) => {
        calls.push(`${serverId}/${connectionId}`);
        await new Promise(() => {});
      },
      isCurrent: () => true,
    });
    load('a', 'c1');
    load('b', 'c1');
    load('a', 'c2');
    expect(calls).toEqual(['a/c1', 'b/c1', 'a/c2']);
  });

  it('skips the queued reload when the connection is no longer current, and survives a failed load', async () => {
    const calls: string[] = [];
    let current = true;
    const first = deferred();
    const load = createCoalescedLoader({
      load: (serverId, connectionId) => {
        calls.push(`${serverId}/${connectionId}`);
        return calls.length === 1 ? first.promise : Promise.resolve();
      },
      isCurrent: () => current,
    });
    load('s', 'c1');
    load('s', 'c1');
    current = false;
    first.reject(new Error('gone'));
    await flush();
    expect(calls).toEqual(['s/c1']);
    current = true;
    load('s', 'c1');
    expect(calls).toEqual(['s/c1', 's/c1']);
  });
});
