import { describe, expect, test } from 'vitest';
import type { TrafficEntry } from '../../shared/traffic.js';
import { RequestOutcomes } from '../../shared/traffic-outcomes.js';
import { CompactTrafficLog } from '../../renderer/src/state/traffic/compact-traffic-log.js';
import { compileRowFilter } from '../../shared/filter/traffic-filter.js';
import { parseTrafficQuery } from '../../shared/filter/traffic-query.js';
import { describeRow, sizeText, statusText } from '../../renderer/src/features/traffic/traffic-row-model.js';
import { appendAsCore, EntryFactory } from './traffic-test-entries.js';

function logOf(entries: TrafficEntry[]): CompactTrafficLog {
  const log = new CompactTrafficLog(100);
  appendAsCore(log, entries);
  return log;
}

function matching(log: CompactTrafficLog, query: string): number[] {
  const filter = compileRowFilter(log, parseTrafficQuery(query), { serverName: () => undefined, invert: false, preserveLog: true });
  const seqs: number[] = [];
  for (let position = log.start; position < log.end; position++) if (log.isRow(position) && filter.test(position)) seqs.push(log.seq(position));
  return seqs;
}

describe('labels the log gets right', () => {
  test('the core flags a response to an id that was never sent', () => {
    const make = new EntryFactory();
    const pairing = new RequestOutcomes();
    const request = make.request(1, 'tools/list');
    pairing.remember(request);
    const answered = make.response(request);
    delete answered.requestSeq;
    pairing.link(answered);
    expect(answered.orphan).toBeUndefined();
    const stray = make.response(make.request(42, 'tools/list'));
    delete stray.requestSeq;
    pairing.link(stray);
    expect(stray.orphan).toBe(true);
  });

  test('an orphan response says so, and is:error finds it', () => {
    const make = new EntryFactory();
    const stray: TrafficEntry = { ...make.response(make.request(42, 'tools/list')), orphan: true };
    delete stray.requestSeq;
    const ok = make.request(1, 'ping');
    const log = logOf([stray, ok, make.response(ok)]);
    expect(describeRow(log, 0).summary).toBe('tools/list(response to an id this connection never sent)');
    expect(matching(log, 'is:error')).toEqual([stray.seq]);
  });

  test('an HTTP exchange or a note has no size of its own: blank, not "0 B" (issue 24)', () => {
    const bytes = (size: number) => `${size} B`;
    expect(sizeText({ kind: 'http', size: 0 }, bytes)).toBe('');
    expect(sizeText({ kind: 'note', size: 0 }, bytes)).toBe('');
    expect(sizeText({ kind: 'request', size: 0 }, bytes)).toBe('0 B');
    expect(sizeText({ kind: 'response', size: 120 }, bytes)).toBe('120 B');
  });

  test("Loupe's server/discover probe answered 'method not found' by a 2025 server reads as the probe, not an error (issue 24)", () => {
    const make = new EntryFactory();
    const probe = make.request(0, 'server/discover');
    const probeAnswer = make.error(probe, -32601, 'Method not found');
    const other = make.request(1, 'tools/list');
    const log = logOf([probe, probeAnswer, other, make.error(other, -32601, 'Method not found')]);
    const row = describeRow(log, 0);
    expect(row.status).toBe('probe');
    expect(statusText(row, 0, () => '')).toBe('probe: 2025 server');
    // Any other method's "not found" is still an error.
    expect(statusText(describeRow(log, 2), 0, () => '')).toBe('error -32601');
    // The one traffic model says so, so the filter agrees with the row: is:error skips the probe.
    expect(matching(log, 'is:error')).toEqual([other.seq]);
    expect(matching(log, 'is:probe')).toEqual([probe.seq]);
  });

  test('a tools/call result with isError is a tool error, not OK, and is:error finds it', () => {
    const make = new EntryFactory();
    const call = make.request(1, 'tools/call', { name: 'fails' });
    const failed: TrafficEntry = { ...make.response(call, { content: [], isError: true }), toolError: true };
    const fine = make.request(2, 'tools/call', { name: 'works' });
    const log = logOf([call, failed, fine, make.response(fine)]);
    const row = describeRow(log, 0);
    expect(row.status).toBe('tool-error');
    expect(statusText(row, 0, () => '')).toBe('tool error');
    expect(matching(log, 'is:error')).toEqual([call.seq]);
    expect(matching(log, 'is:tool-error')).toEqual([call.seq]);
  });
});
