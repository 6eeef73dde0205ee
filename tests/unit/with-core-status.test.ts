import { describe, expect, it } from 'vitest';
import type { CoreStatus } from '../../shared/core-status.js';
import type { Bridge, LinkState } from '../../renderer/src/bridge/types.js';
import { withCoreStatus } from '../../renderer/src/bridge/with-core-status.js';

/** A carrier whose link, core.status answer and events the test drives by hand. */
function fakeCarrier(initial: LinkState) {
  let link = initial;
  const linkListeners = new Set<(state: LinkState) => void>();
  const statusListeners = new Set<(status: CoreStatus) => void>();
  const answers: Array<(status: CoreStatus) => void> = [];
  const carrier = {
    kind: 'websocket',
    invoke: (name: string) => {
      if (name !== 'core.status') throw new Error(`unexpected ${name}`);
      return new Promise<CoreStatus>((resolve) => answers.push(resolve));
    },
    on: (_name: string, listener: (status: CoreStatus) => void) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    getLinkState: () => link,
    onLinkStateChange: (listener: (state: LinkState) => void) => {
      linkListeners.add(listener);
      return () => linkListeners.delete(listener);
    },
    reconnectNow: () => undefined,
  } as unknown as Bridge;
  return {
    carrier,
    setLink(state: LinkState) {
      link = state;
      for (const listener of linkListeners) listener(state);
    },
    emit(status: CoreStatus) {
      for (const listener of statusListeners) listener(status);
    },
    answer: (status: CoreStatus) => answers.shift()!(status),
    pendingAnswers: () => answers.length,
  };
}

const RUNNING: CoreStatus = { state: 'running', pid: 1, startedAt: 1, restarts: 0 };
const STOPPED: CoreStatus = { state: 'stopped', reason: "Loupe's core process was stopped by SIGKILL.", at: 2 };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('withCoreStatus', () => {
  it('is connecting until the core says it serves, then open', async () => {
    const fake = fakeCarrier({ status: 'open' });
    const bridge = withCoreStatus(fake.carrier);
    expect(bridge.getLinkState().status).toBe('connecting');
    fake.answer(RUNNING);
    await flush();
    expect(bridge.getLinkState().status).toBe('open');
  });

  it('goes core-down when the core stops and open again after a restart, telling listeners each time', async () => {
    const fake = fakeCarrier({ status: 'open' });
    const bridge = withCoreStatus(fake.carrier);
    fake.answer(RUNNING);
    await flush();
    const seen: string[] = [];
    bridge.onLinkStateChange((state) => seen.push(state.status));
    fake.emit(STOPPED);
    expect(bridge.getLinkState()).toEqual({ status: 'core-down', core: STOPPED });
    fake.emit({ state: 'starting' });
    fake.emit({ ...RUNNING, restarts: 1 });
    expect(seen).toEqual(['core-down', 'connecting', 'open']);
  });

  it('passes a lost carrier through, and asks the core again once the carrier is back', async () => {
    const fake = fakeCarrier({ status: 'open' });
    const bridge = withCoreStatus(fake.carrier);
    fake.answer(RUNNING);
    await flush();
    fake.setLink({ status: 'lost', attempt: 1, retryAt: 5 });
    expect(bridge.getLinkState()).toEqual({ status: 'lost', attempt: 1, retryAt: 5 });
    fake.setLink({ status: 'open' });
    expect(bridge.getLinkState().status).toBe('connecting');
    expect(fake.pendingAnswers()).toBe(1);
    fake.answer(STOPPED);
    await flush();
    expect(bridge.getLinkState()).toEqual({ status: 'core-down', core: STOPPED });
  });

  it('keeps a newer event over an older core.status answer', async () => {
    const fake = fakeCarrier({ status: 'open' });
    const bridge = withCoreStatus(fake.carrier);
    fake.emit(STOPPED);
    fake.answer(RUNNING);
    await flush();
    expect(bridge.getLinkState().status).toBe('core-down');
  });
});
