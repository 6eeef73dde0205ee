import { useId, useMemo, useState } from 'react';
import type { PausedMessage, ProxiedPeer, ProxiedSession } from '../../../../shared/proxy';
import { errorMessage } from '../../bridge/bridge-error';
import { formatClockTime, formatDuration, plural } from '../../ui/format';
import { JsonText } from '../../ui/JsonText';
import { useNow } from '../../ui/use-now';
import { useProxyStore } from '../../state/proxy/proxy-store';
import { INTERCEPT_PANEL_ID, useInterceptUiStore } from './intercept-ui-store';
import { capabilityNames, peerName, protocolOf, SESSION_STATUS } from './peer-summary';
import { pausedStatusWords } from './PausedMessageDetail';
import { proxySlots } from './slots';
import './proxied-session-view.css';

/** The main area for the selected proxied session: who the client and server are, its state, its traffic and its intercept state. */
export function ProxiedSessionView() {
  const session = useProxyStore((state) => (state.selectedSessionId ? state.sessions[state.selectedSessionId] : undefined));
  if (!session) return null;
  return <SessionView key={session.id} session={session} />;
}

function SessionView({ session }: { session: ProxiedSession }) {
  const titleId = useId();
  const status = SESSION_STATUS[session.status];
  return (
    <section className="proxied-view panel" aria-labelledby={titleId}>
      <header className="proxied-view__header">
        <h2 className="proxied-view__name" id={titleId} title={session.name}>
          {session.name}
        </h2>
        <span className="proxied-tag">Proxied</span>
        <span className={`status-badge status-badge--${status.badge}`} title={status.detail}>
          <span className="status-badge__dot" aria-hidden="true" />
          {status.label}
        </span>
        <span className="proxied-view__target muted" title={session.target}>
          {session.transport === 'http' ? 'HTTP' : 'stdio'} · {session.target}
        </span>
      </header>
      <div className="proxied-view__body">
        <SessionState session={session} />
        <PeersTable session={session} />
        <div className="proxied-view__columns">
          <SessionTraffic session={session} />
          <SessionIntercept session={session} />
        </div>
      </div>
    </section>
  );
}

function SessionState({ session }: { session: ProxiedSession }) {
  const status = SESSION_STATUS[session.status];
  return (
    <section className="proxied-view__section" aria-label="Session state">
      <p className="proxied-view__state">
        <strong>{status.label}.</strong> {status.detail} Started {formatClockTime(session.startedAt)}
        {session.endedAt !== undefined && <>, ended {formatClockTime(session.endedAt)}</>} · proxy pid {session.pid}
        {session.listen && <> · listening on {session.listen}</>}
      </p>
      {session.exit && <p className="proxied-view__state">{session.exit}</p>}
      {session.lostEntries > 0 ? (
        <p className="proxied-card__lost" role="note">
          {plural(session.lostEntries, 'entry', 'entries')} could not be recorded (a note in the record says where).
        </p>
      ) : (
        <p className="proxied-view__state muted">No entry lost.</p>
      )}
      {session.earlierRecords && session.earlierRecords.length > 0 && (
        <p className="proxied-view__state muted">
          Its entries from before it reached the app are in {plural(session.earlierRecords.length, 'saved session')} (Sessions… in the log).
        </p>
      )}
    </section>
  );
}

/** The real client next to the server: what each said about itself, as sent. */
function PeersTable({ session }: { session: ProxiedSession }) {
  const rows: Array<[string, (peer: ProxiedPeer | undefined) => string | undefined]> = [
    ['Name', peerName],
    ['Protocol version', protocolOf],
    ['Capabilities', capabilityNames],
  ];
  const waiting = (side: 'client' | 'server') => (side === 'client' ? 'Not initialized yet' : session.status === 'live' ? 'No answer yet' : 'Never answered');
  return (
    <section className="proxied-view__section" aria-label="Client and server">
      <table className="proxied-view__peers">
        <thead>
          <tr>
            <td />
            <th scope="col">Client</th>
            <th scope="col">Server</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, read]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{session.client ? (read(session.client) ?? <span className="muted">not given</span>) : <span className="muted">{waiting('client')}</span>}</td>
              <td>{session.server ? (read(session.server) ?? <span className="muted">not given</span>) : <span className="muted">{waiting('server')}</span>}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">As sent</th>
            <td>{session.client && <JsonText value={session.client} label="What the client said about itself" className="proxied-view__json" />}</td>
            <td>{session.server && <JsonText value={session.server} label="What the server said about itself" className="proxied-view__json" />}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

function SessionTraffic({ session }: { session: ProxiedSession }) {
  const [exported, setExported] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const exportTraffic = async () => {
    setBusy(true);
    setExported(null);
    try {
      const count = await proxySlots.exportServerTraffic.get()(session.serverId, session.name);
      setExported({ ok: true, text: count === 0 ? 'No entry of it in the log yet.' : `Exported ${plural(count, 'entry', 'entries')}.` });
    } catch (error) {
      setExported({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="proxied-view__section" aria-label="Its traffic">
      <h3 className="proxied-view__title">Traffic</h3>
      <p className="muted">
        The log below shows only this session&apos;s messages (<code>server:{session.serverId}</code>): select a row for its details.
      </p>
      <div className="proxied-view__actions">
        <button type="button" className="button button--small" onClick={() => proxySlots.showServerTraffic.get()(session.serverId)}>
          Show its traffic in the log
        </button>
        <button type="button" className="button button--small" disabled={busy} onClick={() => void exportTraffic()}>
          Export its traffic
        </button>
        {exported && (
          <span className={exported.ok ? 'muted' : 'field-error'} role={exported.ok ? 'status' : 'alert'}>
            {exported.text}
          </span>
        )}
      </div>
    </section>
  );
}

function interceptSentence(session: ProxiedSession, rulesOn: number): string {
  if (session.status !== 'live') return 'Not intercepting: the session is over.';
  if (session.intercepting) return `Intercepting: ${plural(rulesOn, 'rule')} on, matching messages wait in the Intercept desk.`;
  if (rulesOn > 0) return 'Not intercepting yet: the proxy has not taken the rules.';
  return 'Not intercepting: no rule is on, messages pass untouched.';
}

function SessionIntercept({ session }: { session: ProxiedSession }) {
  const rulesOn = useProxyStore((state) => state.rules.filter((rule) => rule.enabled).length);
  const allPaused = useProxyStore((state) => state.paused);
  const messages = useMemo(() => Object.values(allPaused).filter((message) => message.sessionId === session.id), [allPaused, session.id]);
  const waiting = messages.filter((message) => message.status === 'paused');
  const now = useNow(waiting.length > 0, 1000);
  const openDesk = (message?: PausedMessage) => {
    const desk = useInterceptUiStore.getState();
    if (message) desk.select(message.id);
    desk.setOpen(true);
    requestAnimationFrame(() => document.getElementById(INTERCEPT_PANEL_ID)?.querySelector<HTMLElement>('h2')?.focus());
  };
  return (
    <section className="proxied-view__section" aria-label="Its intercept state">
      <h3 className="proxied-view__title">Intercept</h3>
      <p className="proxied-view__state">
        {interceptSentence(session, rulesOn)}{' '}
        {waiting.length > 0 ? `${waiting.length} paused now.` : 'Nothing paused now.'}
      </p>
      {messages.length > 0 && (
        <ul className="proxied-view__paused" aria-label="Its paused messages">
          {messages.slice(-5).reverse().map((message) => (
            <li key={message.id}>
              <button type="button" className="link-button" onClick={() => openDesk(message)}>
                {message.direction === 'out' ? '→' : '←'} {message.method ?? 'message'}
              </button>{' '}
              <span className="muted">
                {message.status === 'paused' ? `forwarded as it is in ${formatDuration(Math.max(0, message.deadline - now))}` : pausedStatusWords(message.status)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="proxied-view__actions">
        <button type="button" className="button button--small" onClick={() => openDesk()}>
          Open the Intercept desk
        </button>
      </div>
    </section>
  );
}
