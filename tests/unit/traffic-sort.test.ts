import { describe, expect, test } from 'vitest';
import { CompactTrafficLog } from '../../renderer/src/state/traffic/compact-traffic-log.js';
import { sortRows } from '../../renderer/src/features/traffic/sort-rows.js';
import { shownColumns } from '../../renderer/src/features/traffic/traffic-columns.js';
import { EntryFactory } from './traffic-test-entries.js';

function logOf() {
  const make = new EntryFactory('server-a', 'conn-1');
  const log = new CompactTrafficLog(100);
  const small = make.request(1, 'tools/call', { name: 'b' });
  const big = make.request(2, 'tools/call', { name: 'a', arguments: { text: 'x'.repeat(500) } });
  const list = make.request(3, 'tools/list');
  for (const entry of [small, big, list]) log.append(entry);
  const rows = { length: 3, at: (index: number) => index, search: (position: number) => position };
  return { log, rows, seqs: [small.seq, big.seq, list.seq] };
}

describe('sorting the traffic rows', () => {
  test('by size both ways, by name with ties in log order, and search finds where a row went', () => {
    const { log, rows, seqs } = logOf();
    const order = (sorted: ReturnType<typeof sortRows>) => Array.from({ length: sorted.length }, (_, index) => log.seq(sorted.at(index)));
    const bySize = sortRows(log, rows, { column: 'size', direction: 'descending' }, (id) => id);
    expect(order(bySize)[0]).toBe(seqs[1]);
    expect(bySize.search(1)).toBe(0);
    expect(order(sortRows(log, rows, { column: 'name', direction: 'ascending' }, (id) => id))).toEqual([seqs[2], seqs[1], seqs[0]]);
    expect(order(sortRows(log, rows, { column: 'seq', direction: 'descending' }, (id) => id))).toEqual([...seqs].reverse());
  });

  test('a narrow table drops the least useful columns; # and Method always stay', () => {
    const ids = (width: number) => shownColumns(['waterfall'], width).map((column) => column.id);
    expect(ids(1200)).toEqual(['seq', 'kind', 'method', 'name', 'server', 'status', 'id', 'size', 'response', 'latency', 'time']);
    expect(ids(700)).toEqual(['seq', 'kind', 'method', 'name', 'status', 'response', 'latency']);
    expect(ids(400)).toEqual(['seq', 'kind', 'method', 'status']);
    expect(shownColumns(['kind', 'method', 'seq'], 1200).map((column) => column.id)).toContain('method');
  });
});
