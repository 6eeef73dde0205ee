import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, eventsNamed, startCore, waitFor, type TestCore } from './helpers.js';

describe('load runs', () => {
  let test: TestCore;
  let serverId: string;

  beforeAll(async () => {
    test = await startCore();
    serverId = (await test.add('fixture', fixture())).id;
    await test.core.handlers['connections.connect']({ serverId });
  });
  afterAll(async () => {
    await test?.core.dispose();
  });

  it('calls the tool at the rate asked, no more, and counts every call with its latency', async () => {
    const result = await test.core.handlers['load.run']({ serverId, runId: 'r1', tool: 'echo', arguments: { message: 'x' }, concurrency: 4, rate: 40, durationS: 1 });
    expect(result.stoppedBecause).toBe('duration');
    // A rate of 40 a second for 1 s starts at most 40 calls, whatever the concurrency.
    expect(result.calls).toBeGreaterThan(0);
    expect(result.calls).toBeLessThanOrEqual(40);
    expect(result).toMatchObject({ ok: result.calls, failed: 0, errors: [] });
    const latency = result.latencyMs!;
    expect(latency.min).toBeLessThanOrEqual(latency.p50);
    expect(latency.p50).toBeLessThanOrEqual(latency.p99);
    expect(latency.p99).toBeLessThanOrEqual(latency.max);
    const calls = (await test.traffic(serverId)).filter((entry) => entry.kind === 'request' && entry.method === 'tools/call');
    expect(calls).toHaveLength(result.calls);
    const progress = eventsNamed(test, 'load.progress').filter((event) => event.runId === 'r1');
    expect(progress.at(-1)).toMatchObject({ completed: result.calls, failed: 0, inFlight: 0 });
  });

  it('counts failed calls with their reasons', async () => {
    const result = await test.core.handlers['load.run']({ serverId, runId: 'r2', tool: 'no-such-tool', arguments: {}, concurrency: 2, rate: 10, durationS: 0.5 });
    expect(result.failed).toBe(result.calls);
    expect(result.errors[0]?.count).toBe(result.calls);
  });

  it("quotes the server's message when the tool returns isError", async () => {
    const result = await test.core.handlers['load.run']({ serverId, runId: 'r-is-error', tool: 'echo', arguments: {}, concurrency: 1, rate: 10, durationS: 0.3 });
    expect(result.calls).toBeGreaterThan(0);
    expect(result.toolErrors).toBe(result.calls);
    expect(result.errors).toEqual([{ message: 'The tool returned isError: "echo needs a string \\"message\\"".', count: result.calls }]);
  });

  it('stops when cancelled, and refuses a run past its limits', async () => {
    const running = test.core.handlers['load.run']({ serverId, runId: 'r3', tool: 'echo', arguments: { message: 'x' }, concurrency: 2, rate: 20, durationS: 600 });
    await waitFor(() => eventsNamed(test, 'load.progress').find((event) => event.runId === 'r3' && event.completed > 0), 'the run to start');
    await test.core.handlers['load.cancel']({ runId: 'r3' });
    const result = await running;
    expect(result.stoppedBecause).toBe('cancelled');
    expect(result.calls).toBeLessThan(600 * 20);
    await expect(test.core.handlers['load.run']({ serverId, runId: 'r4', tool: 'echo', arguments: {}, concurrency: 1000, durationS: 1 })).rejects.toThrow('The concurrency must be a whole number from 1 to 64.');
  });
});
