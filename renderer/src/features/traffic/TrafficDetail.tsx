import { useRef, type ReactNode } from 'react';
import type { TrafficEntry } from '../../../../shared/traffic';
import { formatClockTime, formatDuration } from '../../ui/format';
import { CloseIcon } from '../../ui/icons';
import { useNow } from '../../ui/use-now';
import { HttpEntryPane } from './HttpEntryPane';
import { HttpHeadersFact } from './HttpHeadersFact';
import { KIND } from '../../state/traffic/compact-traffic-log';
import { KindIcon } from './KindIcon';
import { MessagePane } from './MessagePane';
import { describeRow, kindLabel, statusText, type RowModel } from './traffic-row-model';
import type { TrafficSession } from '../../state/traffic/traffic-session';
import { revealInvisible } from '../../../../shared/reveal-invisible';

interface Props {
  session: TrafficSession;
  seq: number;
  serverName: (serverId: string) => string;
  /** Whether the server talks HTTP (its requests' headers can be shown). */
  isHttpServer: (serverId: string) => boolean;
  fetchWhole?: (seq: number) => Promise<TrafficEntry | null>;
  onSelect: (seq: number) => void;
  onClose: () => void;
}

/** What the detail calls a request that ended without its answer. */
const ENDED_WITHOUT_ANSWER = { cancelled: 'Cancelled', timeout: 'Timed out', failed: 'Failed', unanswered: 'No response' } as const;

const PANE_TITLES: Record<RowModel['kind'], string> = {
  request: 'Request',
  'server-request': 'Request',
  response: 'Response',
  error: 'Error response',
  notification: 'Notification',
  batch: 'Batch',
  stderr: 'stderr line',
  malformed: 'Malformed line',
  note: 'Note from Loupe',
  http: 'HTTP exchange',
};

/** The selected row: request and response side by side, with timing and links to related entries. */
export function TrafficDetail({ session, seq, serverName, isHttpServer, fetchWhole, onSelect, onClose }: Props) {
  const log = session.log;
  const position = log.positionOfSeq(seq);
  const requestRef = useRef<HTMLElement>(null);
  const responseRef = useRef<HTMLElement>(null);
  const row = position >= 0 ? describeRow(log, position) : undefined;
  const now = useNow(row?.status === 'pending', 100);

  if (!row) {
    return (
      <section className="traffic-detail" aria-label="Message detail">
        <DetailBar onClose={onClose}>
          <span className="muted">#{seq}</span>
        </DetailBar>
        <p className="empty-state">This entry is no longer kept (older entries are dropped past the retention limit).</p>
      </section>
    );
  }

  const isRequest = row.kind === 'request' || row.kind === 'server-request';
  const ending = isRequest ? log.ending(position) : undefined;
  const endedBy = ending?.seq !== undefined ? log.positionOfSeq(ending.seq) : -1;
  const endedRequest = log.endedRequest(position);
  const status = statusText(row, now, formatDuration);
  const jumpTo = (pane: HTMLElement | null) => {
    pane?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    pane?.focus({ preventScroll: true });
  };

  const isResponse = row.kind === 'response' || row.kind === 'error';
  const facts: Array<[string, ReactNode]> = [];
  if (isResponse) {
    // A response shown on its own: its own time, and how long after its request it came.
    facts.push(['Received', formatClockTime(row.time)]);
    if (row.partner >= 0) facts.push(['Request sent', `${formatClockTime(log.time(row.partner))}, answered after ${formatDuration(row.time - log.time(row.partner))}`]);
  } else {
    facts.push([isRequest ? 'Started' : 'At', formatClockTime(row.time)]);
    if (row.latency !== undefined) facts.push(['Response after', `${formatDuration(row.latency)} (at ${formatClockTime(row.time + row.latency)})`]);
  }
  const endedHow = ENDED_WITHOUT_ANSWER[row.status as keyof typeof ENDED_WITHOUT_ANSWER];
  if (ending && endedHow) {
    facts.push([
      endedHow,
      <>
        {endedBy >= 0 && <>after {formatDuration(log.time(endedBy) - row.time)}</>}
        {ending.reason && <>{endedBy >= 0 && ' · '}“{ending.reason}”</>}
        {endedBy >= 0 && log.kindCode(endedBy) !== KIND.response && log.kindCode(endedBy) !== KIND.error && (
          <>
            {' · '}
            <button type="button" className="link-button" onClick={() => onSelect(log.seq(endedBy))}>
              {log.kindCode(endedBy) === KIND.note ? 'Show Loupe’s note' : 'Show the cancel notification'} (#{log.seq(endedBy)})
            </button>
          </>
        )}
      </>,
    ]);
  }
  if (ending?.violation) {
    facts.push(['Violation', <span className="traffic-detail__violation">{revealInvisible(ending.violation)}</span>]);
  }
  if (endedRequest !== undefined) {
    facts.push([
      log.kindCode(position) === KIND.note ? 'Ends' : 'Cancels',
      <button type="button" className="link-button" onClick={() => onSelect(log.seq(endedRequest))}>
        Request #{log.seq(endedRequest)} ({log.method(endedRequest) ?? 'unknown method'})
      </button>,
    ]);
  }
  const replayOf = log.replayOf(row.position);
  if (replayOf !== undefined) {
    facts.push([
      'Replay of',
      <button type="button" className="link-button" onClick={() => onSelect(replayOf)}>
        Request #{replayOf}
      </button>,
    ]);
  }
  if (row.batchSeq !== undefined) {
    facts.push([
      'Batch',
      <button type="button" className="link-button" onClick={() => onSelect(row.batchSeq!)}>
        Arrived in batch #{row.batchSeq}
      </button>,
    ]);
  }
  if (isHttpServer(row.serverId) && fetchWhole && row.kind === 'request' && !row.incoming) {
    facts.push(['HTTP request headers', <HttpHeadersFact seq={row.seq} fetchWhole={fetchWhole} />]);
  }

  return (
    <section className="traffic-detail" aria-label="Message detail">
      <DetailBar onClose={onClose}>
        <span className={`traffic-detail__kind traffic-kind--${row.kind}`}>
          <KindIcon kind={row.kind} />
          {kindLabel(row)}
        </span>
        <code className="traffic-detail__method" title={row.summary}>
          {row.summaryIsText ? row.summary.slice(0, 80) : row.summary}
        </code>
        {status && <span className={`traffic-badge traffic-status--${row.status === 'none' ? 'error' : row.status}`}>{status}</span>}
        <span className="traffic-detail__server" title={`Server id ${row.serverId}`}>
          {serverName(row.serverId)}
        </span>
      </DetailBar>
      <dl className="traffic-detail__facts">
        {facts.map(([term, value]) => (
          <div key={term} className="traffic-detail__fact">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {row.kind === 'http' && fetchWhole ? (
        <div className="traffic-detail__panes">
          <HttpEntryPane seq={row.seq} fetchWhole={fetchWhole} />
        </div>
      ) : (
        <div className={`traffic-detail__panes ${isRequest ? 'traffic-detail__panes--pair' : ''}`}>
          <MessagePane
            ref={requestRef}
            log={log}
            position={position}
            title={PANE_TITLES[row.kind]}
            {...(fetchWhole ? { fetchWhole } : {})}
            {...(isRequest && row.partner >= 0 ? { jump: { label: 'Jump to response →', onJump: () => jumpTo(responseRef.current) } } : {})}
          />
          {isRequest &&
            (row.partner >= 0 ? (
              <MessagePane
                ref={responseRef}
                log={log}
                position={row.partner}
                title={log.kind(row.partner) === 'error' ? 'Error response' : 'Response'}
                {...(fetchWhole ? { fetchWhole } : {})}
                jump={{ label: '← Jump to request', onJump: () => jumpTo(requestRef.current) }}
              />
            ) : (
              <section className="message-pane message-pane--missing" aria-label="Response">
                <header className="message-pane__header">
                  <h3 className="message-pane__title">Response</h3>
                </header>
                <p className="message-pane__missing">{missingResponseSentence(row, now)}</p>
              </section>
            ))}
        </div>
      )}
    </section>
  );
}

function missingResponseSentence(row: RowModel, now: number): string {
  switch (row.status) {
    case 'pending':
      return `Waiting for the response… (${formatDuration(Math.max(0, now - row.time))} so far)`;
    case 'cancelled':
      return 'No response: the request was cancelled.';
    case 'timeout':
      return 'No response: the request timed out and was cancelled.';
    case 'unanswered':
      return 'No response: the connection ended before the server answered.';
    case 'failed':
      return 'No response: sending the request failed, so no answer can come.';
    default:
      return 'The response is no longer kept.';
  }
}

function DetailBar({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  return (
    <header className="traffic-detail__bar">
      {children}
      <span className="panel-header__spacer" />
      <button type="button" className="icon-button" aria-label="Close detail" title="Close detail (Escape)" onClick={onClose}>
        <CloseIcon />
      </button>
    </header>
  );
}
