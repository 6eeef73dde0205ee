/** How requests end in the live log, as the core stamps them: against the fixture server. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TrafficEntry } from '../../shared/traffic.js';
import { allTraffic, eventsNamed, fixture, startCore, waitFor, type TestCore } from './helpers.js';

const A_MOMENT = { timeoutMs: 300, resetTimeoutOnProgress: false, maxTotalTimeoutMs: 300 };

async function callRequest(test: TestCore, name: string): Promise<TrafficEntry> {
  const calls = (await allTraffic(test.core)).filter((entry) => entry.kind === 'request' && entry.method === 'tools/call');
  const call = calls.find((entry) => (entry.message as { params?: { name?: string } }).params?.name === name);
  if (!call) throw new Error(`no tools/call ${name} in the log`);
  return call;
}

describe('request outcomes in the live log', () => {
  let test: TestCore;
  let serverId: string;
  beforeEach(async () => {
    test = await startCore();
    serverId = (await test.add('outcomes', fixture())).id;
    expect((await test.core.handlers['connections.connect']({ serverId })).status).toBe('connected');
  });
  afterEach(async () => {
    await test.core.dispose();
  });

  it('a call that timed out is "timeout", one the person cancelled "cancelled", each ended by its cancel notification', async () => {
    const timedOut = await test.core.handlers['tools.call']({ serverId, name: 'slow', arguments: { ms: 5_000 }, callId: 'late', timeouts: A_MOMENT });
    expect(timedOut.failure?.kind).toBe('timeout');
    const running = test.core.handlers['tools.call']({ serverId, name: 'slow', arguments: { ms: 5_001 }, callId: 'stopped' });
    await waitFor(async () => (await allTraffic(test.core)).find((entry) => (entry.message as { params?: { arguments?: { ms?: number } } })?.params?.arguments?.ms === 5_001), 'the second call on the wire');
    test.core.handlers['calls.cancel']({ callId: 'stopped' }).catch(() => {});
    expect((await running).failure?.kind).toBe('cancelled');

    const log = await allTraffic(test.core);
    const [first, second] = log.filter((entry) => entry.kind === 'request' && entry.method === 'tools/call');
    expect(first?.outcome).toBe('timeout');
    expect(second?.outcome).toBe('cancelled');
    for (const request of [first!, second!]) {
      const cancel = log.find((entry) => entry.seq === request.ending?.seq);
      expect(cancel).toMatchObject({ method: 'notifications/cancelled', requestSeq: request.seq, ends: request.outcome });
    }
  });

  it('a server that exits ends every request still open as unanswered, and the window hears so by event', async () => {
    const outcome = await test.core.handlers['tools.call']({ serverId, name: 'crash', arguments: {}, callId: 'crash' });
    expect(outcome.failure?.kind).toBe('disconnected');
    const request = await callRequest(test, 'crash');
    expect(request.outcome).toBe('unanswered');
    expect(request.ending?.reason).toBe('The connection ended before an answer came.');
    await waitFor(() => eventsNamed(test, 'traffic.outcomes').flat().find((update) => update.seq === request.seq && update.outcome === 'unanswered'), 'the outcome event');
  });
});
