import { beforeEach, describe, expect, test } from 'vitest';
import type { TrafficEntry } from '../../shared/traffic.js';
import { dataText, filterLogs, levelRank, logEntryOf } from '../../renderer/src/features/logs/log-entries.js';
import { useLogsStore } from '../../renderer/src/features/logs/logs-store.js';

let nextSeq = 1;

function logMessage(params: Record<string, unknown>, overrides: Partial<TrafficEntry> = {}): TrafficEntry {
  const seq = nextSeq++;
  return {
    seq,
    serverId: 's1',
    connectionId: 'c1',
    direction: 'in',
    time: 1_700_000_000_000 + seq,
    kind: 'notification',
    method: 'notifications/message',
    size: 100,
    message: { jsonrpc: '2.0', method: 'notifications/message', params },
    ...overrides,
  };
}

function other(overrides: Partial<TrafficEntry> = {}): TrafficEntry {
  const seq = nextSeq++;
  return { seq, serverId: 's1', connectionId: 'c1', direction: 'in', time: seq, kind: 'response', id: 1, size: 10, message: {}, ...overrides };
}

describe('log entries from traffic', () => {
  test('a notifications/message becomes a log entry with level, logger, data and text', () => {
    const entry = logMessage({ level: 'warning', logger: 'db', data: { slow: true, ms: 950 } });
    expect(logEntryOf(entry)).toEqual({
      seq: entry.seq,
      serverId: 's1',
      connectionId: 'c1',
      time: entry.time,
      level: 'warning',
      rank: 3,
      logger: 'db',
      data: { slow: true, ms: 950 },
      text: '{"slow":true,"ms":950}',
    });
  });

  test('other traffic is not a log entry, nor a message the client sent', () => {
    expect(logEntryOf(other())).toBeUndefined();
    expect(logEntryOf(logMessage({ level: 'info', data: 'x' }, { direction: 'out' }))).toBeUndefined();
    expect(logEntryOf(logMessage({ level: 'info', data: 'x' }, { method: 'notifications/progress' }))).toBeUndefined();
  });

  test('a malformed message still shows: unknown level, raw data', () => {
    const entry = logEntryOf(logMessage({ level: 'loud', data: 'hi' }));
    expect(entry).toMatchObject({ level: 'loud', rank: -1, text: 'hi' });
    expect(logEntryOf(logMessage({}))).toMatchObject({ level: 'unknown', rank: -1, text: '' });
  });

  test('a message too large to arrive inline is read from its preview', () => {
    const entry = logEntryOf(
      logMessage({}, { message: undefined, truncated: true, text: '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"error","logger":"big","data":"xxxx' }),
    );
    expect(entry).toMatchObject({ level: 'error', rank: 4, logger: 'big', truncated: true });
    expect(entry?.text).toContain('"data":"xxxx');
  });

  test('levels rank from debug to emergency; data reads as text', () => {
    expect(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'].map(levelRank)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(levelRank('verbose')).toBe(-1);
    expect(dataText('plain')).toBe('plain');
    expect(dataText(undefined)).toBe('');
    expect(dataText([1, 'a'])).toBe('[1,"a"]');
  });
});

describe('filtering by server, minimum level and text', () => {
  const entries = [
    logMessage({ level: 'debug', data: 'cache warm' }),
    logMessage({ level: 'info', logger: 'http', data: 'GET /health' }),
    logMessage({ level: 'error', logger: 'db', data: { error: 'connection reset' } }),
    logMessage({ level: 'emergency', data: 'disk full' }),
    logMessage({ level: 'custom', data: 'odd level' }),
    logMessage({ level: 'error', data: 'other server' }, { serverId: 's2' }),
  ].map((entry) => logEntryOf(entry)!);

  test('the minimum level hides lower levels; unknown levels always show', () => {
    expect(filterLogs(entries, { serverId: 's1', minLevel: 'debug', query: '' }).map((entry) => entry.level)).toEqual([
      'debug',
      'info',
      'error',
      'emergency',
      'custom',
    ]);
    expect(filterLogs(entries, { serverId: 's1', minLevel: 'error', query: '' }).map((entry) => entry.level)).toEqual(['error', 'emergency', 'custom']);
  });

  test('text matches the data, the logger and the level', () => {
    expect(filterLogs(entries, { serverId: 's1', minLevel: 'debug', query: 'reset' }).map((entry) => entry.logger)).toEqual(['db']);
    expect(filterLogs(entries, { serverId: 's1', minLevel: 'debug', query: 'http health' })).toHaveLength(1);
    expect(filterLogs(entries, { serverId: 's1', minLevel: 'debug', query: 'EMERGENCY' })).toHaveLength(1);
    expect(filterLogs([entries[5]!], { serverId: 's1', minLevel: 'debug', query: '' })).toEqual([]);
    // The shared filter language: keys, negation, /regex/.
    expect(filterLogs(entries, { serverId: 's1', minLevel: 'debug', query: 'logger:db' }).map((entry) => entry.logger)).toEqual(['db']);
    expect(filterLogs(entries, { serverId: 's1', minLevel: 'debug', query: '-logger:db reset' })).toEqual([]);
    expect(filterLogs(entries, { serverId: 's1', minLevel: 'debug', query: '/^emerg/i' })).toHaveLength(1);
  });
});

describe('logs store', () => {
  beforeEach(() => {
    useLogsStore.setState({ entries: [], revision: 0, lastSeq: -1, capacity: 1_000, dropped: {}, levels: {}, selected: {} });
  });

  test('keeps log entries only, once each, and remembers the newest seq seen', () => {
    const log = logMessage({ level: 'info', data: 'a' });
    const response = other();
    useLogsStore.getState().ingest([log, response]);
    useLogsStore.getState().ingest([log, response]);
    const state = useLogsStore.getState();
    expect(state.entries.map((entry) => entry.seq)).toEqual([log.seq]);
    expect(state.lastSeq).toBe(response.seq);
    expect(state.revision).toBe(1);
  });

  test('drops the oldest beyond the capacity and counts them per server', () => {
    const batch = Array.from({ length: 1_200 }, (_, index) => logMessage({ level: 'info', data: index }, index < 50 ? { serverId: 's2' } : {}));
    useLogsStore.getState().ingest(batch);
    const state = useLogsStore.getState();
    expect(state.entries).toHaveLength(1_000);
    expect(state.dropped).toEqual({ s2: 50, s1: 150 });
    expect(state.entries.at(-1)?.seq).toBe(batch.at(-1)?.seq);
  });

  test('a smaller capacity (the traffic log Keep setting) trims at once; a larger one keeps more', () => {
    useLogsStore.getState().ingest(Array.from({ length: 900 }, (_, index) => logMessage({ level: 'info', data: index })));
    useLogsStore.getState().setCapacity(500);
    expect(useLogsStore.getState().entries).toHaveLength(500);
    expect(useLogsStore.getState().dropped).toEqual({ s1: 400 });
    useLogsStore.getState().setCapacity(5_000);
    useLogsStore.getState().ingest(Array.from({ length: 3_000 }, (_, index) => logMessage({ level: 'info', data: index })));
    expect(useLogsStore.getState().entries).toHaveLength(3_500);
  });

  test('clearing one server keeps the others', () => {
    useLogsStore.getState().ingest([logMessage({ level: 'info', data: 'a' }), logMessage({ level: 'info', data: 'b' }, { serverId: 's2' })]);
    useLogsStore.getState().clearServer('s1');
    expect(useLogsStore.getState().entries.map((entry) => entry.serverId)).toEqual(['s2']);
  });
});
