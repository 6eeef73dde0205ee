/**
 * The traffic grid's columns: which there are, which the person chose to show (right-click the
 * header), and which a narrow table drops first.
 */

export type ColumnId = 'seq' | 'kind' | 'method' | 'name' | 'server' | 'status' | 'id' | 'size' | 'response' | 'latency' | 'time' | 'waterfall';

export interface ColumnSpec {
  id: ColumnId;
  header: string;
  /** Its grid track. */
  track: string;
  title?: string;
  /** False for the columns every row needs (#, Method). */
  hideable: boolean;
  /** A table narrower than this drops the column (the detail pane is open, or the window is small). */
  dropBelow?: number;
}

const NARROW = 900;
const VERY_NARROW = 560;

export const COLUMNS: readonly ColumnSpec[] = [
  { id: 'seq', header: '#', track: 'calc(7ch + 14px)', hideable: false, title: 'The message’s number in the log. Numbers skip where a response is shown in its request’s row. Right-click a row (or press Shift+F10) for copy, replay and filter actions; right-click here to choose columns.' },
  { id: 'kind', header: 'Kind', track: '124px', hideable: true },
  { id: 'method', header: 'Method', track: 'minmax(110px, 1fr)', hideable: false },
  { id: 'name', header: 'Name', track: 'minmax(70px, 0.6fr)', hideable: true, dropBelow: VERY_NARROW, title: 'What the message acts on: the tool called, the prompt or the resource read' },
  { id: 'server', header: 'Server', track: 'minmax(70px, 130px)', hideable: true, dropBelow: NARROW },
  { id: 'status', header: 'Status', track: '100px', hideable: true },
  { id: 'id', header: 'ID', track: '44px', hideable: true, dropBelow: NARROW, title: 'JSON-RPC id' },
  { id: 'size', header: 'Size', track: '64px', hideable: true, dropBelow: NARROW, title: 'Size of the message (of the request, for a request)' },
  { id: 'response', header: 'Response', track: '76px', hideable: true, dropBelow: VERY_NARROW, title: 'Size of the response' },
  { id: 'latency', header: 'Latency', track: '66px', hideable: true, dropBelow: VERY_NARROW, title: 'Time from the request to its response' },
  { id: 'time', header: 'Time', track: '102px', hideable: true, dropBelow: NARROW, title: 'When the message was sent or received' },
  { id: 'waterfall', header: 'Waterfall', track: 'minmax(90px, 0.8fr)', hideable: true, dropBelow: NARROW, title: 'When each request started and how long it took, across the whole log' },
];

/** Off until chosen, as in DevTools. */
export const DEFAULT_HIDDEN_COLUMNS: readonly ColumnId[] = ['waterfall'];

/** The columns to draw: the chosen ones that fit `width` (0 = not measured yet: all chosen). */
export function shownColumns(hidden: readonly ColumnId[], width: number): ColumnSpec[] {
  return COLUMNS.filter((column) => (!column.hideable || !hidden.includes(column.id)) && (width === 0 || column.dropBelow === undefined || width >= column.dropBelow));
}

export function gridTemplate(columns: readonly ColumnSpec[]): string {
  return columns.map((column) => column.track).join(' ');
}
