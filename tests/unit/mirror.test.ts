import { describe, expect, test } from 'vitest';
import { mirrorCoreState } from '../../renderer/src/bridge/mirror.js';

type Link = { status: 'open' } | { status: 'lost' };

/** A link the test opens and closes, a snapshot the test releases, and change events the test fires. */
function fakeCore() {
  let link: Link = { status: 'open' };
  const linkListeners = new Set<() => void>();
  let emit: (change: number) => void = () => {};
  const loads: Array<(snapshot: number[]) => void> = [];
  return {
    api: {
      getLinkState: () => link,
      onLinkStateChange: (listener: () => void) => {
        linkListeners.add(listener);
        return () => linkListeners.delete(listener);
      },
    },
    source: {
      load: () => new Promise<number[]>((resolve) => loads.push(resolve)),
      subscribe: (onChange: (change: number) => void) => {
        emit = onChange;
        return () => (emit = () => {});
      },
    },
    loads,
    emit: (change: number) => emit(change),
    setLink(state: Link) {
      link = state;
      for (const listener of linkListeners) listener();
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('mirrorCoreState', () => {
  test('changes that arrive while the snapshot loads are applied after it, in order', async () => {
    const core = fakeCore();
    const applied: string[] = [];
    const stop = mirrorCoreState(core.api as never, core.source, { reset: (snapshot) => applied.push(`reset ${snapshot.join(',')}`), apply: (change) => applied.push(`change ${change}`) });
    expect(core.loads).toHaveLength(1);
    core.emit(3);
    core.emit(4);
    expect(applied).toEqual([]);
    core.loads[0]!([1, 2]);
    await flush();
    expect(applied).toEqual(['reset 1,2', 'change 3', 'change 4']);
    core.emit(5);
    expect(applied.at(-1)).toBe('change 5');
    stop();
    core.emit(6);
    expect(applied.at(-1)).toBe('change 5');
  });

  test('loads again each time the link opens, and a failed load is reported while the link is open', async () => {
    const core = fakeCore();
    const failures: unknown[] = [];
    const resets: number[][] = [];
    mirrorCoreState(core.api as never, { ...core.source, load: () => (core.loads.length === 0 ? (core.loads.push(() => {}), Promise.reject(new Error('down'))) : core.source.load()) }, {
      reset: (snapshot) => resets.push(snapshot),
      apply: () => {},
      failed: (error) => failures.push(error),
    });
    await flush();
    expect(failures).toHaveLength(1);
    core.setLink({ status: 'lost' });
    core.setLink({ status: 'open' });
    core.loads[1]!([7]);
    await flush();
    expect(resets).toEqual([[7]]);
  });
});
