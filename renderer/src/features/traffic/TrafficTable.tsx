import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useNow } from '../../ui/use-now';
import { ColumnMenu } from './ColumnMenu';
import type { RowOrder, TrafficSort } from './sort-rows';
import { gridTemplate, shownColumns, type ColumnId } from './traffic-columns';
import { describeRow, type RowModel } from './traffic-row-model';
import { TrafficHeaderRow, TrafficRow, type TimeSpan } from './TrafficRow';
import type { TrafficSession } from '../../state/traffic/traffic-session';
import { useElementWidth } from './use-element-height';
import { useRowWindow } from '../../ui/use-row-window';

export const ROW_HEIGHT = 22;
const HEADER_HEIGHT = 24;
const PAGE_ROWS = 20;

interface Props {
  session: TrafficSession;
  /** The shown rows, in the order they are drawn. */
  rows: RowOrder;
  /** The session version this render reflects. */
  version: number;
  serverName: (serverId: string) => string;
  selectedSeq: number | null;
  /** `open` true opens the detail; undefined leaves it as it is (keyboard moves). */
  onSelect: (seq: number, open?: boolean) => void;
  onCloseDetail: () => void;
  /** Opens a row's context menu at a point of the window. */
  onRowMenu: (seq: number, x: number, y: number) => void;
  /** What to say when there are no rows. */
  emptyMessage: string;
  sort: TrafficSort | null;
  onSort: (column: ColumnId) => void;
  hiddenColumns: readonly ColumnId[];
  onToggleColumn: (column: ColumnId) => void;
  onResetColumns: () => void;
  /** Older rows can be loaded: called while the top rows are in view. */
  onNearTop?: () => void;
}

/** Rows from the top at which older ones are asked for. */
const NEAR_TOP_ROWS = 40;

/**
 * The traffic grid: one fixed-height row per request/response pair or message, virtualized,
 * so 100,000 rows cost what 40 do. Up/Down/Home/End/PageUp/PageDown move the selection,
 * Enter opens the detail, Escape closes it, Shift+F10 or the Menu key opens the row's menu.
 */
export function TrafficTable(props: Props) {
  const { session, rows, version, serverName, selectedSeq, onSelect, onCloseDetail, onRowMenu, emptyMessage } = props;
  const gridRef = useRef<HTMLDivElement>(null);
  const log = session.log;
  const rowCount = rows.length;
  const width = useElementWidth(gridRef);
  const columns = useMemo(() => shownColumns(props.hiddenColumns, width), [props.hiddenColumns, width]);
  const gridStyle = useMemo(() => ({ '--traffic-columns': gridTemplate(columns) }) as CSSProperties, [columns]);
  const [columnMenu, setColumnMenu] = useState<{ x: number; y: number } | null>(null);
  const rowWindow = useRowWindow(gridRef, { rowCount, rowHeight: ROW_HEIGHT, offsetTop: HEADER_HEIGHT, contentVersion: version });

  const { onNearTop } = props;
  const nearTop = rowWindow.first <= NEAR_TOP_ROWS;
  useEffect(() => {
    if (nearTop) onNearTop?.();
  }, [nearTop, onNearTop, version]);
  useKeepTopRowInPlace(gridRef, rows, rowWindow.first, rowWindow.following);

  const selectedPosition = selectedSeq === null ? -1 : log.positionOfSeq(selectedSeq);
  const found = selectedPosition < 0 ? -1 : rows.search(selectedPosition);
  const selectedIndex = found >= 0 ? found : -1;
  const anchorIndex = selectedIndex >= 0 ? selectedIndex : rowCount - 1;
  const anchorRendered = anchorIndex >= rowWindow.first && anchorIndex < rowWindow.last;

  // A sorted order can briefly name rows the log has since dropped: those slots stay empty.
  const visible: Array<{ index: number; row: RowModel }> = [];
  for (let index = rowWindow.first; index < rowWindow.last; index++) {
    const position = rows.at(index);
    if (log.has(position)) visible.push({ index, row: describeRow(log, position) });
  }
  // Pending rows run their own clocks; the grid's is for the Waterfall's growing bars only.
  const waterfall = columns.some((column) => column.id === 'waterfall');
  const now = useNow(waterfall && visible.some(({ row }) => row.status === 'pending'), 100);
  const span = useTimeSpan(session, waterfall, now);

  // After a keyboard move, focus follows the selection once its row is rendered.
  const focusAfterRender = useRef(false);
  useLayoutEffect(() => {
    if (!focusAfterRender.current || selectedIndex < 0) return;
    const row = gridRef.current?.querySelector<HTMLElement>(`[data-row-index="${selectedIndex}"]`);
    if (row) {
      focusAfterRender.current = false;
      row.focus({ preventScroll: true });
    }
  });

  // A selection made elsewhere (a link in the detail) scrolls its row into view.
  const { scrollToRow } = rowWindow;
  useEffect(() => {
    if (selectedIndex >= 0) scrollToRow(selectedIndex);
    // Only when the selection changes, not on every new row.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedSeq]);

  const selectIndex = useCallback(
    (index: number, open?: boolean) => {
      const position = rows.at(index);
      if (position >= 0) onSelect(log.seq(position), open);
    },
    [rows, log, onSelect],
  );

  const openMenu = useCallback(
    (index: number, x: number, y: number) => {
      const position = rows.at(index);
      if (position < 0) return;
      onSelect(log.seq(position));
      onRowMenu(log.seq(position), x, y);
    },
    [rows, log, onSelect, onRowMenu],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if ((event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) && rowCount > 0) {
      event.preventDefault();
      const index = selectedIndex >= 0 ? selectedIndex : anchorIndex;
      const rect = gridRef.current?.querySelector(`[data-row-index="${index}"]`)?.getBoundingClientRect();
      openMenu(index, (rect?.left ?? 0) + 48, rect?.bottom ?? 0);
      return;
    }
    if (event.key === 'Escape') {
      onCloseDetail();
      return;
    }
    if (rowCount === 0) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      selectIndex(anchorIndex, true);
      return;
    }
    const current = selectedIndex >= 0 ? selectedIndex : anchorIndex;
    const moves: Record<string, number> = {
      ArrowDown: selectedIndex < 0 ? rowCount - 1 : current + 1,
      ArrowUp: selectedIndex < 0 ? rowCount - 1 : current - 1,
      Home: 0,
      End: rowCount - 1,
      PageDown: current + PAGE_ROWS,
      PageUp: current - PAGE_ROWS,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = Math.max(0, Math.min(rowCount - 1, target));
    focusAfterRender.current = true;
    selectIndex(next);
    rowWindow.scrollToRow(next);
  };

  return (
    <div className="traffic-table">
      <div
        ref={gridRef}
        className="traffic-grid"
        role="grid"
        aria-label="Traffic log"
        aria-readonly="true"
        aria-rowcount={rowCount + 1}
        style={gridStyle}
        tabIndex={anchorRendered ? -1 : 0}
        onScroll={rowWindow.onScroll}
        onKeyDown={onKeyDown}
      >
        <div role="rowgroup" className="traffic-grid__head">
          <TrafficHeaderRow columns={columns} sort={props.sort} onSort={props.onSort} onMenu={(x, y) => setColumnMenu({ x, y })} />
        </div>
        <div role="rowgroup" className="traffic-grid__body" style={{ height: rowWindow.totalHeight }}>
          {/* Rows are keyed by their slot in the window, so scrolling and floods update rows in place. */}
          <div role="presentation" className="traffic-grid__window" style={{ transform: `translateY(${rowWindow.first * ROW_HEIGHT}px)` }}>
            {visible.map(({ index, row }) => {
              return (
                <TrafficRow
                  key={index - rowWindow.first}
                  row={row}
                  index={index}
                  columns={columns}
                  span={span}
                  serverName={serverName(row.serverId)}
                  selected={index === selectedIndex}
                  focusable={index === anchorIndex}
                  now={now}
                  onSelect={selectIndex}
                  onMenu={openMenu}
                />
              );
            })}
          </div>
        </div>
        {rowCount === 0 && <p className="traffic-grid__empty">{emptyMessage}</p>}
      </div>
      {rowWindow.rowsBelow && (
        <button type="button" className="button button--small traffic-table__jump" onClick={rowWindow.jumpToNewest}>
          ↓ Jump to newest
        </button>
      )}
      {columnMenu && (
        <ColumnMenu
          x={columnMenu.x}
          y={columnMenu.y}
          hidden={props.hiddenColumns}
          onToggle={props.onToggleColumn}
          onReset={() => {
            props.onResetColumns();
            setColumnMenu(null);
          }}
          onClose={() => setColumnMenu(null)}
        />
      )}
    </div>
  );
}

/**
 * Older rows that come in above the ones in view push them down: the scroll position follows, so
 * what the person is looking at stays where it is (not while following the newest).
 */
function useKeepTopRowInPlace(gridRef: React.RefObject<HTMLDivElement | null>, rows: RowOrder, first: number, following: boolean): void {
  const anchor = useRef<{ position: number; index: number } | null>(null);
  useLayoutEffect(() => {
    const element = gridRef.current;
    const held = anchor.current;
    if (element && held && !following) {
      const index = rows.search(held.position);
      if (index > held.index) element.scrollTop += (index - held.index) * ROW_HEIGHT;
    }
    anchor.current = first < rows.length ? { position: rows.at(first), index: first } : null;
  });
}

/** From the oldest kept entry to the newest (or now, while a request is pending): the Waterfall's axis. */
function useTimeSpan(session: TrafficSession, needed: boolean, now: number): TimeSpan {
  const log = session.log;
  const start = needed && log.length > 0 ? log.time(log.start) : 0;
  const last = needed && log.length > 0 ? log.time(log.end - 1) : 0;
  const end = Math.max(last, needed ? Math.min(now, last + 60_000) : 0);
  // The object changes only when the axis does, so rows redraw only then.
  return useMemo(() => ({ start, end }), [start, end]);
}
