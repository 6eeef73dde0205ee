import { useEffect, useRef, useState } from 'react';
import type { CompactTrafficLog } from '../../state/traffic/compact-traffic-log';
import { sortRows, type RowOrder, type TrafficSort } from './sort-rows';

/** A flood re-sorts at most this often; new rows take their place within that time. */
const RESORT_INTERVAL_MS = 500;

/**
 * The rows in the chosen order: as they are when unsorted, otherwise sorted again as they change,
 * at most every half second so a flood of messages stays smooth.
 */
export function useSortedRows(log: CompactTrafficLog, rows: RowOrder, sort: TrafficSort | null, version: number, serverName: (serverId: string) => string): RowOrder {
  const [sorted, setSorted] = useState<{ sort: TrafficSort; order: RowOrder } | null>(null);
  const lastSort = useRef(0);
  useEffect(() => {
    if (!sort) return;
    const wait = sorted?.sort === sort ? Math.max(0, lastSort.current + RESORT_INTERVAL_MS - performance.now()) : 0;
    const timer = setTimeout(() => {
      lastSort.current = performance.now();
      setSorted({ sort, order: sortRows(log, rows, sort, serverName) });
    }, wait);
    return () => clearTimeout(timer);
    // `sorted` is what this effect produces: it must not schedule the next sort by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [log, rows, sort, version, serverName]);
  if (!sort) return rows;
  return sorted?.sort === sort ? sorted.order : rows;
}
