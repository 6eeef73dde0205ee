import type { CompactTrafficLog } from '../../state/traffic/compact-traffic-log.js';
import type { ColumnId } from './traffic-columns.js';
import { ROW_KIND_LABELS, rowKind } from './traffic-row-model.js';

export interface TrafficSort {
  column: ColumnId;
  direction: 'ascending' | 'descending';
}

/** The shown rows in the order they are drawn: log order, or sorted by a column. */
export interface RowOrder {
  readonly length: number;
  /** The position of the row drawn at `index`. */
  at: (index: number) => number;
  /** The index a row's position is drawn at, or a negative number when it is not shown. */
  search: (position: number) => number;
}

type Key = (position: number) => number | string;

function keyOf(log: CompactTrafficLog, column: ColumnId, serverName: (serverId: string) => string): Key {
  switch (column) {
    case 'seq':
      return (position) => log.seq(position);
    case 'kind':
      return (position) => ROW_KIND_LABELS[rowKind(log, position)];
    case 'method':
      return (position) => log.method(position) ?? '';
    case 'name':
      return (position) => log.subject(position) ?? '';
    case 'server':
      return (position) => serverName(log.serverId(position));
    case 'status':
      return (position) => log.status(position);
    case 'id':
      return (position) => String(log.id(position) ?? '');
    case 'size':
      return (position) => log.size(position);
    case 'response': {
      return (position) => {
        const partner = log.partner(position);
        return partner >= 0 ? log.size(partner) : -1;
      };
    }
    case 'latency':
      return (position) => {
        const partner = log.partner(position);
        return partner >= 0 ? log.time(partner) - log.time(position) : Number.POSITIVE_INFINITY;
      };
    case 'time':
    case 'waterfall':
      return (position) => log.time(position);
  }
}

/**
 * The rows sorted by one column (ties keep log order). Keys are read once per row, so sorting
 * 100,000 rows costs one pass and one numeric or string sort.
 */
export function sortRows(log: CompactTrafficLog, rows: RowOrder, sort: TrafficSort, serverName: (serverId: string) => string): RowOrder {
  const count = rows.length;
  const positions = new Int32Array(count);
  const keys: Array<number | string> = new Array<number | string>(count);
  const key = keyOf(log, sort.column, serverName);
  for (let index = 0; index < count; index++) {
    const position = rows.at(index);
    positions[index] = position;
    keys[index] = key(position);
  }
  const order = Array.from({ length: count }, (_, index) => index);
  const sign = sort.direction === 'ascending' ? 1 : -1;
  order.sort((a, b) => {
    const left = keys[a]!;
    const right = keys[b]!;
    const compared = typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right));
    return compared !== 0 ? sign * compared : a - b;
  });
  const sorted = Int32Array.from(order, (index) => positions[index]!);
  const indexOf = new Map<number, number>();
  sorted.forEach((position, index) => indexOf.set(position, index));
  return {
    length: count,
    at: (index) => sorted[index] ?? -1,
    search: (position) => indexOf.get(position) ?? -1,
  };
}
