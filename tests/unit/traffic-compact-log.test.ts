import { describe, expect, test } from 'vitest';
import { CompactTrafficLog } from '../../renderer/src/state/traffic/compact-traffic-log.js';
import { describeRow, statusText } from '../../renderer/src/features/traffic/traffic-row-model.js';
import { appendAsCore, EntryFactory } from './traffic-test-entries.js';

function fill(log: CompactTrafficLog, entries: Parameters<CompactTrafficLog['append']>[0][]): void {
  for (const entry of entries) log.append(entry);
}

const ms = (value: number) => `${value} ms`;

describe('compact traffic log: storage', () => {
  test('gives back each entry as it was appended, message included', () => {
    const make = new EntryFactory();
    const request = make.request(7, 'tools/call', { name: 'echo', arguments: { message: 'hi ✓' } });
    const line = make.stderr('listening on stdio');
    const log = new CompactTrafficLog(100);
    fill(log, [request, line]);
    expect(log.entry(0)).toEqual(request);
    expect(log.entry(1)).toEqual(line);
    expect(log.text(0)).toBe(JSON.stringify(request.message));
    expect(log.text(1)).toBe('listening on stdio');
  });

  test('ignores entries whose seq is not newer, and counts seqs it never received', () => {
    const make = new EntryFactory();
    const first = make.notification('a');
    const second = make.skip(3).notification('b');
    const log = new CompactTrafficLog(100);
    expect(log.append(first)).toBe(true);
    expect(log.append(first)).toBe(false);
    expect(log.append(second)).toBe(true);
    expect(log.length).toBe(2);
    expect(log.missing).toBe(3);
  });

  test('keeps at most its capacity, evicting the oldest, across chunk boundaries', () => {
    const make = new EntryFactory();
    const log = new CompactTrafficLog(5_000);
    for (let index = 0; index < 12_345; index++) log.append(make.notification('notifications/message', { index }));
    expect(log.length).toBe(5_000);
    expect(log.evicted).toBe(7_345);
    expect(log.start).toBe(7_345);
    expect(log.seq(log.start)).toBe(7_346);
    expect(log.entry(log.end - 1).message).toMatchObject({ params: { index: 12_344 } });
    expect(log.positionOfSeq(7_346)).toBe(7_345);
    expect(log.positionOfSeq(7_345)).toBe(-1);
    expect(log.positionOfSeq(12_345)).toBe(12_344);
  });

  test('a smaller capacity evicts at once', () => {
    const make = new EntryFactory();
    const log = new CompactTrafficLog(100);
    for (let index = 0; index < 100; index++) log.append(make.notification('n'));
    log.setCapacity(10);
    expect(log.length).toBe(10);
    expect(log.seq(log.start)).toBe(91);
  });

  test('clear forgets everything, and the next entry starts a fresh log', () => {
    const make = new EntryFactory();
    const log = new CompactTrafficLog(100);
    fill(log, [make.notification('a'), make.notification('b')]);
    log.clear();
    expect(log.length).toBe(0);
    fill(log, [make.skip(10).notification('c')]);
    expect(log.length).toBe(1);
    expect(log.missing).toBe(0);
  });
});

describe('compact traffic log: pairing and status', () => {
  test('a response folds into its request row: status OK, latency, both sizes', () => {
    const make = new EntryFactory();
    const request = make.request(1, 'tools/list');
    const response = make.wait(42).response(request, { tools: [] });
    const log = new CompactTrafficLog(100);
    appendAsCore(log, [request]);
    expect(log.status(0)).toBe('pending');
    appendAsCore(log, [response]);
    expect(log.isRow(0)).toBe(true);
    expect(log.isRow(1)).toBe(false);
    expect(log.partner(0)).toBe(1);
    expect(log.partner(1)).toBe(0);
    const row = describeRow(log, 0);
    expect(row).toMatchObject({ kind: 'request', status: 'ok', summary: 'tools/list', latency: 42, size: request.size, responseSize: response.size });
    expect(statusText(row, 0, ms)).toBe('OK');
  });

  test('an error response gives status error with its code', () => {
    const make = new EntryFactory();
    const request = make.request(2, 'prompts/get');
    const log = new CompactTrafficLog(100);
    appendAsCore(log, [request, make.error(request, -32603, 'Internal error')]);
    const row = describeRow(log, 0);
    expect(row.status).toBe('error');
    expect(row.errorCode).toBe(-32603);
    expect(statusText(row, 0, ms)).toBe('error -32603');
  });

  test('a pending request shows a running timer', () => {
    const make = new EntryFactory();
    const request = make.request(3, 'tools/call');
    const log = new CompactTrafficLog(100);
    appendAsCore(log, [request]);
    expect(statusText(describeRow(log, 0), request.time + 1500, ms)).toBe('pending 1500 ms');
  });

  test('our notifications/cancelled marks the request cancelled; a timeout reason marks it timed out', () => {
    const make = new EntryFactory();
    const cancelled = make.request('a', 'tools/call');
    const timedOut = make.request('b', 'tools/call');
    const cancelByUser = make.cancel(cancelled, 'Cancelled by the user.');
    const cancelByTimeout = make.cancel(timedOut, 'McpError: MCP error -32001: Request timed out');
    const late = make.response(cancelled);
    const log = new CompactTrafficLog(100);
    appendAsCore(log, [cancelled, timedOut, cancelByUser, cancelByTimeout, late]);
    expect(log.status(0)).toBe('cancelled');
    expect(log.status(1)).toBe('timeout');
    expect(log.ending(0)).toEqual({ seq: cancelByUser.seq, reason: 'Cancelled by the user.' });
    expect(log.endedRequest(3)).toBe(1);
    // The late response is still paired (shown in the detail), but the request stays cancelled.
    expect(log.partner(0)).toBe(4);
    expect(statusText(describeRow(log, 1), 0, ms)).toBe('timed out');
  });

  test('a cancel matches the id on the same connection and in the same direction only', () => {
    const make = new EntryFactory();
    const ours = make.request(5, 'tools/call');
    const theirs = make.request(5, 'sampling/createMessage', {}, 'in');
    const otherConnection = make.on('server-a', 'conn-2').request(5, 'tools/call');
    const cancel = make.on('server-a', 'conn-1').cancel(ours);
    const log = new CompactTrafficLog(100);
    appendAsCore(log, [ours, theirs, otherConnection, cancel]);
    expect(log.status(0)).toBe('cancelled');
    expect(log.status(1)).not.toBe('cancelled');
    expect(log.status(2)).toBe('pending');
  });

  test('string and numeric ids are different requests', () => {
    const make = new EntryFactory();
    const numeric = make.request(1, 'tools/call');
    const text = make.request('1', 'tools/call');
    const log = new CompactTrafficLog(100);
    appendAsCore(log, [numeric, text, make.cancel(text)]);
    expect(log.status(0)).toBe('pending');
    expect(log.status(1)).toBe('cancelled');
  });

  test('unanswered requests of an ended connection are "no response", when the core says so', () => {
    const make = new EntryFactory();
    const request = make.request(1, 'tools/call');
    const log = new CompactTrafficLog(100);
    appendAsCore(log, [request]);
    const changed: number[] = [];
    log.listen({ rowChanged: (position) => changed.push(position), reset: () => {}, evicted: () => {}, prepended: () => {} });
    log.applyOutcome({ seq: request.seq, outcome: 'unanswered', reason: 'The connection ended before an answer came.' });
    expect(log.status(0)).toBe('unanswered');
    expect(changed).toEqual([0]);
    expect(statusText(describeRow(log, 0), 0, ms)).toBe('no response');
  });

  test('a reconnect makes the new connection the server\'s latest; the core, not the log, ends the old one\'s requests', () => {
    const make = new EntryFactory();
    const first = make.request(1, 'tools/call');
    const other = make.on('server-b', 'conn-9').request(1, 'tools/call');
    const reconnect = make.on('server-a', 'conn-2').request(0, 'initialize');
    const log = new CompactTrafficLog(100);
    appendAsCore(log, [first, other, reconnect]);
    expect(log.status(0)).toBe('pending');
    log.applyOutcome({ seq: first.seq, outcome: 'unanswered' });
    expect(log.status(0)).toBe('unanswered');
    expect(log.status(1)).toBe('pending');
    expect(log.isLatestConnection(0)).toBe(false);
    expect(log.isLatestConnection(1)).toBe(true);
    expect(log.isLatestConnection(2)).toBe(true);
  });

  test('a Compare session never becomes the server\'s latest connection: the server\'s own stays shown', () => {
    const make = new EntryFactory();
    const own = make.request(1, 'tools/list');
    const compared = { ...make.on('server-a', 'conn-compare').request(0, 'initialize'), compare: 'A' as const };
    const ownAgain = make.on('server-a', 'conn-1').request(2, 'tools/list');
    const log = new CompactTrafficLog(100);
    appendAsCore(log, [own, compared, ownAgain]);
    expect(log.isLatestConnection(0)).toBe(true);
    expect(log.isLatestConnection(1)).toBe(false);
    expect(log.isLatestConnection(2)).toBe(true);
  });

  test('server → client requests, orphan responses, batches and text lines get their own kinds', () => {
    const make = new EntryFactory();
    const sampling = make.request(0, 'sampling/createMessage', {}, 'in');
    const orphan = make.response(make.request(99, 'tools/list'));
    const batch: Parameters<CompactTrafficLog['append']>[0] = { ...make.notification('x'), kind: 'batch', method: undefined as never };
    delete batch.method;
    const itemA = { ...make.notification('notifications/message'), batchSeq: batch.seq };
    const itemB = { ...make.notification('notifications/message'), batchSeq: batch.seq };
    const log = new CompactTrafficLog(100);
    appendAsCore(log, [sampling, orphan, batch, itemA, itemB, make.stderr('boom'), make.malformed('not json')]);
    expect(describeRow(log, 0).kind).toBe('server-request');
    expect(describeRow(log, 1)).toMatchObject({ kind: 'response', summary: 'tools/list(response to an id this connection never sent)' });
    expect(describeRow(log, 2)).toMatchObject({ kind: 'batch', summary: 'batch of 2 messages' });
    expect(describeRow(log, 3).batchSeq).toBe(batch.seq);
    expect(describeRow(log, 5)).toMatchObject({ kind: 'stderr', summary: 'boom', summaryIsText: true });
    expect(describeRow(log, 6)).toMatchObject({ kind: 'malformed', summary: 'not json' });
  });

  test('listeners hear about rows whose status changed after they were appended', () => {
    const make = new EntryFactory();
    const request = make.request(1, 'ping');
    const log = new CompactTrafficLog(100);
    const changed: number[] = [];
    log.listen({ rowChanged: (position) => changed.push(position), reset: () => changed.push(-1), evicted: () => changed.push(-2), prepended: () => changed.push(-3) });
    appendAsCore(log, [request, make.response(request)]);
    log.clear();
    // Once when the response folds into the row, once when the core's outcome arrives.
    expect(changed).toEqual([0, 0, -1]);
  });
});
