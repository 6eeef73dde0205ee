import { KIND, type CompactTrafficLog, type RequestStatus } from '../../state/traffic/compact-traffic-log.js';
import { revealInvisible } from '../../../../shared/reveal-invisible';

/** What a row is, as shown: server → client requests and orphan responses get kinds of their own. */
export type RowKind =
  | 'request'
  | 'server-request'
  | 'response'
  | 'error'
  | 'notification'
  | 'batch'
  | 'stderr'
  | 'malformed'
  | 'note'
  | 'http';

export const ROW_KIND_LABELS: Record<RowKind, string> = {
  request: 'request',
  'server-request': 'server request',
  response: 'response',
  error: 'error',
  notification: 'notification',
  batch: 'batch',
  stderr: 'stderr',
  malformed: 'malformed',
  note: 'Loupe',
  http: 'HTTP',
};

/** Kinds of an MCP App ↔ host message: the app is the source of `in` ones, Loupe of `out` ones. */
function appKindLabel(kind: RowKind, incoming: boolean): string {
  if (kind === 'request' || kind === 'server-request') return incoming ? 'app request' : 'request to app';
  if (kind === 'notification') return incoming ? 'app notification' : 'notify app';
  if (kind === 'note') return 'app violation';
  return `app ${ROW_KIND_LABELS[kind]}`;
}

/** The Kind column's words for a row. */
export function kindLabel(row: Pick<RowModel, 'kind' | 'incoming' | 'app'>): string {
  return row.app ? appKindLabel(row.kind, row.incoming) : ROW_KIND_LABELS[row.kind];
}

/** A row's status as shown: its request's outcome (the discovery probe's fallback reads as such, muted). */
export type RowStatus = RequestStatus;

export const STATUS_LABELS: Record<RowStatus, string> = {
  probe: 'probe: 2025 server',
  none: '',
  pending: 'pending',
  ok: 'OK',
  error: 'error',
  cancelled: 'cancelled',
  timeout: 'timed out',
  unanswered: 'no response',
  input: 'input required',
  'tool-error': 'tool error',
  failed: 'failed',
};

export interface RowModel {
  position: number;
  seq: number;
  kind: RowKind;
  incoming: boolean;
  /** An MCP App ↔ host message. */
  app: boolean;
  /** The method, or the start of a stderr/malformed line, or a batch's size. */
  summary: string;
  /** True when `summary` is raw text rather than a method name. */
  summaryIsText: boolean;
  /** The Name column: the tool, prompt or resource acted on, or ''. */
  name: string;
  serverId: string;
  status: RowStatus;
  /** Counted under `is:violation`: an answer that broke the MCP schema, a header verdict that failed. */
  violation: boolean;
  /** The JSON-RPC error code of an error response (the row's own, or its response's). */
  errorCode: number | undefined;
  id: string;
  time: number;
  size: number;
  /** Size of the response, for a request that has one. */
  responseSize: number | undefined;
  /** Milliseconds from the request to its response, when answered. */
  latency: number | undefined;
  /** The seq of the batch this message arrived in. */
  batchSeq: number | undefined;
  /** The response's position, for a request that has one. */
  partner: number;
}

const SUMMARY_CHARS = 300;

export function rowKind(log: CompactTrafficLog, position: number): RowKind {
  const kind = log.kindCode(position);
  if (kind === KIND.request) return log.isIncoming(position) ? 'server-request' : 'request';
  return log.kind(position);
}

/** How many messages a batch held: its items follow it, each carrying its seq. */
export function batchItemCount(log: CompactTrafficLog, batchPosition: number): number {
  const seq = log.seq(batchPosition);
  let count = 0;
  for (let position = batchPosition + 1; position < log.end && log.batchSeq(position) === seq; position++) count++;
  return count;
}

export function describeRow(log: CompactTrafficLog, position: number): RowModel {
  const kind = rowKind(log, position);
  const partner = log.partner(position);
  const method = log.method(position);
  const errorCode = log.errorCode(position) ?? (partner >= 0 ? log.errorCode(partner) : undefined);
  const status: RowStatus = log.status(position);
  let summary = method ?? '';
  let summaryIsText = false;
  if (kind === 'stderr' || kind === 'malformed' || kind === 'note' || kind === 'http') {
    summary = (log.problem(position) ?? log.text(position)).slice(0, SUMMARY_CHARS);
    summaryIsText = true;
  } else if (kind === 'batch') {
    const count = batchItemCount(log, position);
    summary = `batch of ${count} ${count === 1 ? 'message' : 'messages'}`;
  } else if ((kind === 'response' || kind === 'error') && log.isOrphan(position)) {
    summary = `${method ?? ''}(response to an id this connection never sent)`.trim();
  } else if (!method && (kind === 'response' || kind === 'error')) {
    summary = '(request not kept)';
  }
  // Method names and lines come from the server: nothing in them may reorder what is shown.
  summary = revealInvisible(summary);
  const flow = log.flow(position);
  if (flow && (flow.round > 1 || status === 'input')) summary = `${summary} · round ${flow.round}`;
  const id = log.id(position);
  return {
    position,
    seq: log.seq(position),
    kind,
    incoming: log.isIncoming(position),
    app: log.isApp(position),
    summary,
    summaryIsText,
    name: log.subject(position) ?? '',
    serverId: log.serverId(position),
    status,
    violation: log.isViolation(position),
    errorCode,
    id: id === undefined ? '' : String(id),
    time: log.time(position),
    size: log.size(position),
    responseSize: partner >= 0 ? log.size(partner) : undefined,
    latency: partner >= 0 ? log.time(partner) - log.time(position) : undefined,
    batchSeq: log.batchSeq(position),
    partner,
  };
}

/** Rows that are not a message of their own (an HTTP exchange, Loupe's note) have no size to show, not "0 B". */
export function sizeText(row: Pick<RowModel, 'kind' | 'size'>, formatBytes: (bytes: number) => string): string {
  return row.kind === 'http' || row.kind === 'note' ? '' : formatBytes(row.size);
}

/** The Status column's text; `now` gives pending requests a running timer. */
export function statusText(row: RowModel, now: number, formatDuration: (ms: number) => string): string {
  switch (row.status) {
    case 'pending':
      return `pending ${formatDuration(Math.max(0, now - row.time))}`;
    case 'error':
      return row.errorCode === undefined ? 'error' : `error ${row.errorCode}`;
    case 'none':
      return row.kind === 'error' ? (row.errorCode === undefined ? 'error' : `error ${row.errorCode}`) : '';
    default:
      // A call that "worked" with an answer that breaks the schema is not plainly OK.
      return row.violation && row.kind !== 'note' ? `${STATUS_LABELS[row.status]} · violation` : STATUS_LABELS[row.status];
  }
}
