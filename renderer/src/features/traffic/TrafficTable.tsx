import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useListNavigation } from '../../ui/use-list-navigation';
import { useServersStore } from '../servers/servers-store';
import { TrafficRow } from './TrafficRow';
import { useTrafficStore } from './traffic-store';

/** Rendering is capped until the log is virtualized, so a flood of traffic never freezes the page. */
export const MAX_RENDERED_ROWS = 2_000;
/** How close to the bottom (px) still counts as "following" the newest entries. */
const FOLLOW_THRESHOLD = 24;

export function TrafficTable() {
  const buffer = useTrafficStore((state) => state.buffer);
  const revision = useTrafficStore((state) => state.revision);
  const selectedSeq = useTrafficStore((state) => state.selectedSeq);
  const select = useTrafficStore((state) => state.select);
  const servers = useServersStore((state) => state.servers);
  const serverNames = useMemo(() => new Map(servers.map((server) => [server.id, server.name])), [servers]);

  // `revision` changes whenever the buffer (mutated in place) does.
  const rows = useMemo(() => (revision >= 0 ? buffer.newest(MAX_RENDERED_ROWS) : []), [buffer, revision]);
  const total = buffer.length;
  const hiddenOlder = total - rows.length;
  const selectedIndex = selectedSeq === null ? -1 : rows.findIndex((entry) => entry.seq === selectedSeq);
  const focusIndex = selectedIndex >= 0 ? selectedIndex : rows.length - 1;

  const gridRef = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const onScroll = () => {
    const grid = gridRef.current;
    if (grid) following.current = grid.scrollHeight - grid.scrollTop - grid.clientHeight < FOLLOW_THRESHOLD;
  };
  useLayoutEffect(() => {
    const grid = gridRef.current;
    if (grid && following.current) grid.scrollTop = grid.scrollHeight;
  }, [rows]);

  const onMove = useCallback(
    (index: number) => {
      const entry = rows[index];
      if (entry) select(entry.seq);
    },
    [rows, select],
  );
  const onKeyDown = useListNavigation(gridRef, rows.length, selectedIndex, onMove, 20);

  return (
    <div
      ref={gridRef}
      className="traffic-grid"
      role="grid"
      aria-label="Traffic log"
      aria-readonly="true"
      onScroll={onScroll}
      onKeyDown={onKeyDown}
    >
      <div role="row" className="traffic-row traffic-row--header">
        <span role="columnheader" className="traffic-cell traffic-cell--seq">
          #
        </span>
        <span role="columnheader" className="traffic-cell traffic-cell--dir" title="Direction">
          <span aria-hidden="true">⇅</span>
          <span className="visually-hidden">Direction</span>
        </span>
        <span role="columnheader" className="traffic-cell traffic-cell--server">
          Server
        </span>
        <span role="columnheader" className="traffic-cell traffic-cell--kind">
          Kind
        </span>
        <span role="columnheader" className="traffic-cell traffic-cell--method">
          Method
        </span>
        <span role="columnheader" className="traffic-cell traffic-cell--id">
          ID
        </span>
        <span role="columnheader" className="traffic-cell traffic-cell--size">
          Size
        </span>
        <span role="columnheader" className="traffic-cell traffic-cell--time">
          Time
        </span>
      </div>
      {hiddenOlder > 0 && (
        <p className="traffic-grid__note">
          {hiddenOlder.toLocaleString()} older {hiddenOlder === 1 ? 'entry is' : 'entries are'} kept but not shown.
        </p>
      )}
      {rows.length === 0 && <p className="traffic-grid__note">No traffic yet. Connect a server to see its messages.</p>}
      {rows.map((entry, index) => (
        <TrafficRow
          key={entry.seq}
          entry={entry}
          serverName={serverNames.get(entry.serverId) ?? entry.serverId}
          selected={index === selectedIndex}
          focusable={index === focusIndex}
          onSelect={select}
        />
      ))}
    </div>
  );
}
