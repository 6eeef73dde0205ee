/** `traffic.list` with `beforeSeq`: the newest page first, older pages after, and a filter the core runs as the window would. */
import { describe, expect, test } from 'vitest';
import { compileRowFilter } from '../../shared/filter/traffic-filter.js';
import { parseTrafficQuery } from '../../shared/filter/traffic-query.js';
import type { TrafficEntry, TrafficListFilter } from '../../shared/traffic.js';
import { TrafficLog } from '../../main/core/traffic/traffic-log.js';
import { CompactTrafficLog } from '../../renderer/src/state/traffic/compact-traffic-log.js';

const NEWEST = Number.MAX_SAFE_INTEGER;
const NAMES: Record<string, string> = { 'server-a': 'Everything', 'server-b': 'Weather' };

/** A log with notifications, calls answered ok, with errors and left pending, on two servers and three connections. */
function busyLog(): TrafficLog {
  const log = new TrafficLog(() => {});
  const a = log.recorderFor('server-a', 'conn-a1');
  const b = log.recorderFor('server-b', 'conn-b1');
  for (let index = 1; index <= 600; index++) {
    const recorder = index % 3 === 0 ? b : a;
    recorder.message('in', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `line ${index}` } }, 80);
    if (index % 10 === 0) {
      recorder.message('out', { jsonrpc: '2.0', id: index, method: 'tools/call', params: { name: index % 20 === 0 ? 'echo' : 'add' } }, 70);
      if (index % 30 === 0) recorder.message('in', { jsonrpc: '2.0', id: index, error: { code: -32602, message: 'Unknown tool' } }, 60);
      else if (index % 50 !== 0) recorder.message('in', { jsonrpc: '2.0', id: index, result: { content: [{ type: 'text', text: `answer ${index}` }] } }, 60);
    }
  }
  // A reconnect of server-a: with Preserve log off only its new connection's rows show.
  log.recorderFor('server-a', 'conn-a2').message('out', { jsonrpc: '2.0', id: 1, method: 'ping' }, 40);
  log.flush();
  return log;
}

/** Every page back from the newest, as the window reads them; returns each page's entries. */
function pagesBack(log: TrafficLog, filter?: TrafficListFilter, limit?: number): TrafficEntry[][] {
  const pages: TrafficEntry[][] = [];
  let beforeSeq = NEWEST;
  for (let guard = 0; guard < 1_000; guard++) {
    const page = log.page({ beforeSeq, ...(limit ? { limit } : {}), ...(filter ? { filter } : {}) }, (id) => NAMES[id]);
    pages.push(page.entries);
    if (!page.more) return pages;
    beforeSeq = page.scannedFrom ?? page.entries[0]!.seq;
  }
  throw new Error('paging did not end');
}

/** The rows the window's own filter shows for the same entries. */
function windowRows(entries: readonly TrafficEntry[], filter: TrafficListFilter): number[] {
  const compact = new CompactTrafficLog(10_000);
  for (const entry of entries) compact.append(entry);
  const test = compileRowFilter(compact, parseTrafficQuery(filter.text), {
    serverName: (id) => NAMES[id],
    invert: filter.invert === true,
    preserveLog: filter.latestOnly !== true,
    ...(filter.type ? { type: filter.type } : {}),
  });
  const seqs: number[] = [];
  for (let position = compact.start; position < compact.end; position++) if (compact.isRow(position) && test.test(position)) seqs.push(compact.seq(position));
  return seqs;
}

describe('traffic.list back from the newest', () => {
  test('the first page holds the newest entries, oldest first; paging back covers the rest once', () => {
    const log = busyLog();
    const all = log.page({}).entries;
    const pages = pagesBack(log, undefined, 100);
    expect(pages[0]!.at(-1)!.seq).toBe(all.at(-1)!.seq);
    expect(pages[0]!.map((entry) => entry.seq)).toEqual(all.slice(-100).map((entry) => entry.seq));
    expect(pages.reverse().flat().map((entry) => entry.seq)).toEqual(all.map((entry) => entry.seq));
  });

  test.each<TrafficListFilter>([
    { text: 'method:tools/call' },
    { text: 'name:echo is:ok' },
    { text: 'is:error' },
    { text: 'is:pending' },
    { text: 'server:weather "line 3"' },
    { text: '/line 5\\d\\d/' },
    { text: '-kind:notification', invert: true },
    { text: '', type: 'requests' },
    { text: 'method:ping', latestOnly: true },
    { text: 'line', latestOnly: true },
  ])('a filter the core runs (%j) finds the rows the window would', (filter) => {
    const log = busyLog();
    const all = log.page({}).entries;
    const pages = pagesBack(log, filter, 7);
    const found = pages.reverse().flat();
    const rows = found.filter((entry) => entry.kind !== 'response' && entry.kind !== 'error').map((entry) => entry.seq);
    expect(rows).toEqual(windowRows(all, filter));
    expect(rows.length).toBeGreaterThan(0);
    // A matching call comes with its answer, so the window shows it as one row.
    for (const entry of found.filter((item) => item.kind === 'response' || item.kind === 'error')) expect(rows).toContain(entry.requestSeq);
  });
});
