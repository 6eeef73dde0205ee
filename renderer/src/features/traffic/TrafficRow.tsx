import { memo } from 'react';
import { formatBytes, formatClockTime, formatDuration } from '../../ui/format';
import { KindIcon } from './KindIcon';
import { ROW_KIND_LABELS, statusText, type RowModel } from './traffic-row-model';

interface Props {
  row: RowModel;
  /** 0-based index among the shown rows. */
  index: number;
  serverName: string;
  selected: boolean;
  focusable: boolean;
  now: number;
  onSelect(index: number, open: boolean): void;
  /** Right-click: the row's context menu at the pointer. */
  onMenu(index: number, x: number, y: number): void;
}

const DIRECTION_WORDS = { in: 'received', out: 'sent' } as const;

function sameRow(a: RowModel, b: RowModel): boolean {
  return (
    a.position === b.position &&
    a.status === b.status &&
    a.partner === b.partner &&
    a.errorCode === b.errorCode &&
    a.summary === b.summary &&
    a.batchSeq === b.batchSeq
  );
}

/** Rows re-render only when what they show changed (the running timer only for pending rows). */
function sameProps(a: Props, b: Props): boolean {
  return (
    sameRow(a.row, b.row) &&
    a.index === b.index &&
    a.serverName === b.serverName &&
    a.selected === b.selected &&
    a.focusable === b.focusable &&
    a.onSelect === b.onSelect &&
    a.onMenu === b.onMenu &&
    (a.row.status !== 'pending' || a.now === b.now)
  );
}

/** One row of the traffic grid: a request with its response, or a single message or line. */
export const TrafficRow = memo(function TrafficRow({ row, index, serverName, selected, focusable, now, onSelect, onMenu }: Props) {
  const status = statusText(row, now, formatDuration);
  const statusClass = row.status === 'none' ? (row.kind === 'error' ? 'error' : 'none') : row.status;
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
      <span role="gridcell" className="traffic-cell traffic-cell--seq">
        {row.seq}
      </span>
      <span role="gridcell" className="traffic-cell traffic-cell--kind" title={`${ROW_KIND_LABELS[row.kind]}, ${DIRECTION_WORDS[row.incoming ? 'in' : 'out']}`}>
        <KindIcon kind={row.kind} />
        {ROW_KIND_LABELS[row.kind]}
        {row.batchSeq !== undefined && <span className="traffic-cell__tag"> in batch</span>}
        <span className="visually-hidden">, {DIRECTION_WORDS[row.incoming ? 'in' : 'out']}</span>
      </span>
      <span
        role="gridcell"
        className={`traffic-cell traffic-cell--method ${row.summaryIsText ? 'traffic-cell--text' : ''}`}
        title={row.summary}
      >
        {row.summary}
      </span>
      <span role="gridcell" className="traffic-cell traffic-cell--name" title={row.name}>
        {row.name}
      </span>
      <span role="gridcell" className="traffic-cell traffic-cell--server" title={serverName}>
        {serverName}
      </span>
      <span role="gridcell" className={`traffic-cell traffic-cell--status traffic-status--${statusClass}`}>
        {status}
      </span>
      <span role="gridcell" className="traffic-cell traffic-cell--id">
        {row.id}
      </span>
      <span role="gridcell" className="traffic-cell traffic-cell--size" title={`${row.size.toLocaleString()} bytes`}>
        {formatBytes(row.size)}
      </span>
      <span
        role="gridcell"
        className="traffic-cell traffic-cell--size"
        title={row.responseSize === undefined ? undefined : `${row.responseSize.toLocaleString()} bytes`}
      >
        {row.responseSize === undefined ? '' : formatBytes(row.responseSize)}
      </span>
      <span role="gridcell" className="traffic-cell traffic-cell--latency">
        {row.latency === undefined ? '' : formatDuration(row.latency)}
      </span>
      <span role="gridcell" className="traffic-cell traffic-cell--time">
        {formatClockTime(row.time)}
      </span>
    </div>
  );
}, sameProps);

export const COLUMN_HEADERS = ['#', 'Kind', 'Method', 'Name', 'Server', 'Status', 'ID', 'Size', 'Response', 'Latency', 'Time'] as const;
const COLUMN_CLASSES = ['seq', 'kind', 'method', 'name', 'server', 'status', 'id', 'size', 'size', 'latency', 'time'] as const;
const COLUMN_TITLES: Partial<Record<(typeof COLUMN_HEADERS)[number], string>> = {
  '#': 'The message\'s number in the log. Numbers skip where a response is shown in its request\'s row. Right-click a row (or press Shift+F10) for copy, replay and filter actions.',
  Name: 'What the message acts on: the tool called, the prompt or the resource read',
  Size: 'Size of the message (of the request, for a request)',
  Response: 'Size of the response',
  Latency: 'Time from the request to its response',
  Time: 'When the message was sent or received',
};

export function TrafficHeaderRow() {
  return (
    <div role="row" aria-rowindex={1} className="traffic-row traffic-row--header">
      {COLUMN_HEADERS.map((name, column) => (
        <span key={name} role="columnheader" className={`traffic-cell traffic-cell--${COLUMN_CLASSES[column]}`} title={COLUMN_TITLES[name]}>
          {name}
        </span>
      ))}
    </div>
  );
}
