import { describe, expect, it } from 'vitest';
import type { TrafficEntry } from '../../shared/traffic.js';
import { classifyMessage } from '../../main/core/traffic/classify-message.js';
import { RequestOutcomes } from '../../shared/traffic-outcomes.js';
import { TrafficRecord } from '../../main/core/traffic/traffic-record.js';

const entry = (size = 10): TrafficEntry => ({
  seq: -1,
  serverId: 's',
  connectionId: 'c',
  direction: 'in',
  time: 0,
  kind: 'notification',
  size,
});

describe('TrafficRecord', () => {
  it('numbers entries and lists those after a seq', () => {
    const record = new TrafficRecord();
    for (let i = 0; i < 5; i++) record.append(entry());
    expect(record.list(2).entries.map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(record.list(0, 2).entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(record.get(4)?.seq).toBe(4);
  });

  it('drops the oldest entries past the retention limit and counts them', () => {
    const record = new TrafficRecord({ maxEntries: 3, maxBytes: Number.POSITIVE_INFINITY });
    for (let i = 0; i < 10_000; i++) record.append(entry());
    expect(record.size).toBe(3);
    expect(record.dropped).toBe(9_997);
    expect(record.list().entries.map((e) => e.seq)).toEqual([9_998, 9_999, 10_000]);
    expect(record.get(1)).toBeUndefined();
    expect(record.get(10_000)?.seq).toBe(10_000);
  });

  it('bounds the bytes kept', () => {
    const record = new TrafficRecord({ maxEntries: 1_000, maxBytes: 100 });
    for (let i = 0; i < 5; i++) record.append(entry(40));
    expect(record.size).toBe(2);
  });
});

describe('classifyMessage', () => {
  it.each([
    [{ jsonrpc: '2.0', id: 1, method: 'ping' }, 'request'],
    [{ jsonrpc: '2.0', method: 'notifications/initialized' }, 'notification'],
    [{ jsonrpc: '2.0', id: 1, result: {} }, 'response'],
    [{ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'x' } }, 'error'],
    [[{ jsonrpc: '2.0', method: 'a' }], 'batch'],
    [{ hello: 'world' }, 'malformed'],
    [42, 'malformed'],
  ])('%j is a %s', (message, kind) => {
    expect(classifyMessage(message).kind).toBe(kind);
  });
});

describe('RequestOutcomes (the pairing the core does live)', () => {
  it('links a response to the request with the same id in the other direction', () => {
    const pairing = new RequestOutcomes();
    const request = { ...entry(), seq: 7, direction: 'out' as const, kind: 'request' as const, id: 3, method: 'tools/call' };
    pairing.remember(request);
    const sameDirection: TrafficEntry = { ...entry(), kind: 'response', id: 3, direction: 'out' };
    pairing.link(sameDirection);
    expect(sameDirection).not.toHaveProperty('requestSeq');
    const answer: TrafficEntry = { ...entry(), kind: 'response', id: 3 };
    pairing.link(answer);
    expect(answer).toMatchObject({ requestSeq: 7, method: 'tools/call' });
    const repeated: TrafficEntry = { ...entry(), kind: 'response', id: 3 };
    pairing.link(repeated);
    expect(repeated).not.toHaveProperty('requestSeq');
  });
});
