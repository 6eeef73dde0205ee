import { memo, type ReactNode } from 'react';
import { formatBytes, formatClockTime, formatDuration } from '../../ui/format';
import { useNow } from '../../ui/use-now';
import { KindIcon } from './KindIcon';
import type { TrafficSort } from './sort-rows';
import type { ColumnId, ColumnSpec } from './traffic-columns';
import { kindLabel, sizeText, statusText, type RowModel } from './traffic-row-model';

/** The log's time span, for the Waterfall column. */
export interface TimeSpan {
  start: number;
  end: number;
}

interface Props {
  row: RowModel;
  /** 0-based index among the shown rows. */
  index: number;
  columns: readonly ColumnSpec[];
  serverName: string;
  selected: boolean;
  focusable: boolean;
  now: number;
  span: TimeSpan;
  onSelect: (index: number, open: boolean) => void;
  /** Right-click: the row's context menu at the pointer. */
  onMenu: (index: number, x: number, y: number) => void;
}

const DIRECTION_WORDS = { in: 'received', out: 'sent' } as const;

function sameRow(a: RowModel, b: RowModel): boolean {
  return (
    a.position === b.position &&
    a.status === b.status &&
    a.partner === b.partner &&
    a.errorCode === b.errorCode &&
    a.summary === b.summary &&
    a.batchSeq === b.batchSeq &&
    a.app === b.app
  );
}

/** Rows re-render only when what they show changed. */
function sameProps(a: Props, b: Props): boolean {
  return (
    sameRow(a.row, b.row) &&
    a.index === b.index &&
    a.columns === b.columns &&
    a.serverName === b.serverName &&
    a.selected === b.selected &&
    a.focusable === b.focusable &&
    a.onSelect === b.onSelect &&
    a.onMenu === b.onMenu &&
    // Only the Waterfall's bars follow the grid's clock (a pending row's status has its own).
    ((a.span === b.span && (a.row.status !== 'pending' || a.now === b.now)) || !a.columns.some((column) => column.id === 'waterfall'))
  );
}

/** One row of the traffic grid: a request with its response, or a single message or line. */
export const TrafficRow = memo(function TrafficRow(props: Props) {
  const { row, index, columns, selected, focusable, onSelect, onMenu } = props;
  const statusClass = row.violation && row.status === 'ok' ? 'violation' : row.status === 'none' ? (row.kind === 'error' ? 'error' : 'none') : row.status;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      tabIndex={focusable ? 0 : -1}
      data-row-index={index}
      className={`traffic-row traffic-row--${row.kind} traffic-row--status-${statusClass} ${index % 2 ? 'traffic-row--odd' : ''} ${selected ? 'traffic-row--selected' : ''}`}
      onClick={() => onSelect(index, true)}
      onContextMenu={(event) => {
        event.preventDefault();
        onMenu(index, event.clientX, event.clientY);
      }}
      aria-haspopup="menu"
    >
      {columns.map((column) => (
        <Cell key={column.id} column={column.id} props={props} statusClass={statusClass} />
      ))}
    </div>
  );
}, sameProps);

function Cell({ column, props, statusClass }: { column: ColumnId; props: Props; statusClass: string }): ReactNode {
  const { row, serverName, now, span } = props;
  switch (column) {
    case 'seq':
      return (
        <span role="gridcell" className="traffic-cell traffic-cell--seq">
          {row.seq}
        </span>
      );
    case 'kind':
      return (
        <span role="gridcell" className="traffic-cell traffic-cell--kind" title={`${kindLabel(row)}, ${DIRECTION_WORDS[row.incoming ? 'in' : 'out']}`}>
          <KindIcon kind={row.kind} />
          {kindLabel(row)}
          {row.batchSeq !== undefined && <span className="traffic-cell__tag"> in batch</span>}
          <span className="visually-hidden">, {DIRECTION_WORDS[row.incoming ? 'in' : 'out']}</span>
        </span>
      );
    case 'method':
      return (
        <span role="gridcell" className={`traffic-cell traffic-cell--method ${row.summaryIsText ? 'traffic-cell--text' : ''}`} title={row.summary}>
          {row.summary}
        </span>
      );
    case 'name':
      return (
        <span role="gridcell" className="traffic-cell traffic-cell--name" title={row.name}>
          {row.name}
        </span>
      );
    case 'server':
      return (
        <span role="gridcell" className="traffic-cell traffic-cell--server" title={row.app ? `An MCP App of ${serverName}` : serverName}>
          {row.app ? `App · ${serverName}` : serverName}
        </span>
      );
    case 'status':
      return (
        <span role="gridcell" className={`traffic-cell traffic-cell--status traffic-status--${statusClass}`}>
          {row.status === 'pending' ? <PendingFor since={row.time} /> : statusText(row, now, formatDuration)}
        </span>
      );
    case 'id':
      return (
        <span role="gridcell" className="traffic-cell traffic-cell--id">
          {row.id}
        </span>
      );
    case 'size':
      return (
        <span role="gridcell" className="traffic-cell traffic-cell--size" title={sizeText(row, formatBytes) === '' ? undefined : `${row.size.toLocaleString()} bytes`}>
          {sizeText(row, formatBytes)}
        </span>
      );
    case 'response':
      return (
        <span role="gridcell" className="traffic-cell traffic-cell--size" title={row.responseSize === undefined ? undefined : `${row.responseSize.toLocaleString()} bytes`}>
          {row.responseSize === undefined ? '' : formatBytes(row.responseSize)}
        </span>
      );
    case 'latency':
      return (
        <span role="gridcell" className="traffic-cell traffic-cell--latency">
          {row.latency === undefined ? '' : formatDuration(row.latency)}
        </span>
      );
    case 'time':
      return (
        <span role="gridcell" className="traffic-cell traffic-cell--time">
          {formatClockTime(row.time)}
        </span>
      );
    case 'waterfall':
      return <WaterfallCell row={row} span={span} now={now} />;
  }
}

/** "pending 1.2 s": each pending row keeps its own clock, so its time runs whatever the rest of the grid does. */
function PendingFor({ since }: { since: number }) {
  const now = useNow(true, 100);
  return <>pending {formatDuration(Math.max(0, now - since))}</>;
}

/** A bar from the message's time to its response's (or to now while pending), on the log's time axis. */
function WaterfallCell({ row, span, now }: { row: RowModel; span: TimeSpan; now: number }) {
  const total = Math.max(1, span.end - span.start);
  const end = row.latency !== undefined ? row.time + row.latency : row.status === 'pending' ? Math.max(row.time, now) : row.time;
  const left = Math.min(100, Math.max(0, ((row.time - span.start) / total) * 100));
  const width = Math.min(100 - left, ((end - row.time) / total) * 100);
  const label = row.latency !== undefined ? `took ${formatDuration(row.latency)}` : row.status === 'pending' ? 'still running' : 'one message';
  return (
    <span role="gridcell" className="traffic-cell traffic-cell--waterfall" title={`${formatClockTime(row.time)}, ${label}`}>
      <span className={`waterfall-bar waterfall-bar--${row.status}`} style={{ left: `${left}%`, width: `max(2px, ${width}%)` }} />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

const SORT_WORDS = { ascending: '▲', descending: '▼' } as const;

interface HeaderProps {
  columns: readonly ColumnSpec[];
  sort: TrafficSort | null;
  onSort: (column: ColumnId) => void;
  /** Right-click on the header: the column chooser. */
  onMenu: (x: number, y: number) => void;
}

/** The header: a button per column that sorts by it (again to reverse, a third time back to log order). */
export function TrafficHeaderRow({ columns, sort, onSort, onMenu }: HeaderProps) {
  return (
    <div
      role="row"
      aria-rowindex={1}
      className="traffic-row traffic-row--header"
      onContextMenu={(event) => {
        event.preventDefault();
        onMenu(event.clientX, event.clientY);
      }}
    >
      {columns.map((column) => {
        const sorted = sort?.column === column.id ? sort.direction : undefined;
        return (
          <span key={column.id} role="columnheader" aria-sort={sorted ?? 'none'} className={`traffic-cell traffic-cell--${column.id === 'response' ? 'size' : column.id}`} title={column.title}>
            <button type="button" className="traffic-sort" onClick={() => onSort(column.id)}>
              {column.header}
              {sorted && <span aria-hidden="true"> {SORT_WORDS[sorted]}</span>}
            </button>
          </span>
        );
      })}
    </div>
  );
}
