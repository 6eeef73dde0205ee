import { beforeEach, describe, expect, test } from 'vitest';
import type { TrafficEntry, TrafficPage } from '../../shared/traffic.js';
import { startLogsSync, type LinkedApi } from '../../renderer/src/features/logs/logs-sync.js';
import { connectApi } from '../../renderer/src/bridge/api.js';
import type { Bridge } from '../../renderer/src/bridge/types.js';

type LinkState = { status: 'open' } | { status: 'lost' };
import { useLogsStore } from '../../renderer/src/features/logs/logs-store.js';

function log(seq: number): TrafficEntry {
  return {
    seq,
    serverId: 's1',
    connectionId: 'c1',
    direction: 'in',
    time: seq,
    kind: 'notification',
    method: 'notifications/message',
    size: 1,
    message: { method: 'notifications/message', params: { level: 'info', data: `line ${seq}` } },
  };
}

/** A bridge whose `traffic.list` answers are released by the test, and whose events the test fires. */
function fakeBridge(total: number) {
  const listeners = new Map<string, (payload: unknown) => void>();
  const linkListeners = new Set<(state: LinkState) => void>();
  let link: LinkState = { status: 'open' };
  const requests: Array<{ afterSeq?: number; limit?: number; release(): void }> = [];
  const bridge = {
    getLinkState: () => link,
    onLinkStateChange: (listener: (state: LinkState) => void) => {
      linkListeners.add(listener);
      return () => linkListeners.delete(listener);
    },
    on: (name: string, listener: (payload: unknown) => void) => {
      listeners.set(name, listener);
      return () => listeners.delete(name);
    },
    invoke: (name: string, params: { afterSeq?: number; limit?: number; methods?: string[] }) =>
      new Promise<TrafficPage>((resolve) => {
        expect(name).toBe('traffic.list');
        // Only log lines are asked for: the rest of the traffic is not downloaded again.
        expect(params.methods).toEqual(['notifications/message']);
        const after = params.afterSeq ?? 0;
        const entries: TrafficEntry[] = [];
        let seq = after + 1;
        for (; seq <= total && entries.length < (params.limit ?? Infinity); seq++) entries.push(log(seq));
        requests.push({ ...params, release: () => resolve({ entries, dropped: 0, ...(seq <= total ? { more: true } : {}) }) });
      }),
  } as unknown as LinkedApi;
  return {
    bridge,
    requests,
    emit: (entries: TrafficEntry[]) => listeners.get('traffic.appended')?.(entries),
    setLink: (state: LinkState) => {
      link = state;
      for (const listener of linkListeners) listener(state);
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('logs sync', () => {
  beforeEach(() => {
    useLogsStore.setState({ entries: [], revision: 0, lastSeq: -1, dropped: {} });
  });

  test('catches up page by page at start-up, holding live events until the older pages are in', async () => {
    const fake = fakeBridge(7_000);
    connectApi(fake.bridge as unknown as Bridge);
    const stop = startLogsSync();
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ limit: 5_000 });
    expect(fake.requests[0]!.afterSeq).toBeUndefined();

    // A live event arrives before the first page: it must not make the pages look already seen.
    fake.emit([log(7_001)]);
    fake.requests[0]!.release();
    await flush();
    expect(fake.requests[1]).toMatchObject({ afterSeq: 5_000, limit: 5_000 });
    fake.requests[1]!.release();
    await flush();
    await flush();
    const seqs = useLogsStore.getState().entries.map((entry) => entry.seq);
    expect(seqs).toHaveLength(7_001);
    expect(seqs.at(0)).toBe(1);
    expect(seqs.at(-1)).toBe(7_001);

    // Live events now go straight in.
    fake.emit([log(7_002)]);
    expect(useLogsStore.getState().entries.at(-1)?.seq).toBe(7_002);
    stop();
  });

  test('after a lost link it fetches only what it missed', async () => {
    const fake = fakeBridge(10);
    connectApi(fake.bridge as unknown as Bridge);
    const stop = startLogsSync();
    fake.requests[0]!.release();
    await flush();
    fake.setLink({ status: 'lost' });
    fake.setLink({ status: 'open' });
    expect(fake.requests[1]).toMatchObject({ afterSeq: 10 });
    stop();
  });
});
