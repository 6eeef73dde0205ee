import { useId } from 'react';
import type { ProxiedPeer, ProxiedSession } from '../../../../shared/proxy';
import { formatClockTime, plural } from '../../ui/format';
import { JsonText } from '../../ui/JsonText';
import { useProxyStore } from '../../state/proxy/proxy-store';
import { useServersStore } from '../../state/servers';
import { capabilityNames, peerName, protocolOf, SESSION_STATUS } from './peer-summary';
import { proxySlots } from './slots';

/** A proxied session in the Servers list: who the real client and server are; selecting it shows it in the main area and its traffic in the log. */
export function ProxiedSessionCard({ session, selected }: { session: ProxiedSession; selected: boolean }) {
  const nameId = useId();
  const tagId = useId();
  const status = SESSION_STATUS[session.status];
  const select = () => {
    // First leave the configured server (which would clear this selection), then show this session in the main area.
    useServersStore.getState().select(null);
    useProxyStore.getState().selectSession(session.id);
    proxySlots.showServerTraffic.get()(session.serverId);
  };

  return (
    <li className={`proxied-card ${selected ? 'proxied-card--selected' : ''}`} aria-labelledby={`${nameId} ${tagId}`} onClick={select}>
      <div className="proxied-card__head">
        <button
          type="button"
          id={nameId}
          className="proxied-card__name"
          aria-current={selected ? 'true' : undefined}
          title="Show it, and its traffic in the log"
          onClick={(event) => {
            event.stopPropagation();
            select();
          }}
        >
          {session.name}
        </button>
        <span className="proxied-tag" id={tagId}>
          Proxied
        </span>
        <span className={`status-badge status-badge--${status.badge}`} title={status.detail}>
          <span className="status-badge__dot" aria-hidden="true" />
          {status.label}
        </span>
      </div>
      <div className="proxied-card__target" title={session.target}>
        <span className="proxied-card__transport">{session.transport === 'http' ? 'HTTP' : 'stdio'}</span> {session.target}
      </div>
      <dl className="proxied-card__peers">
        <Peer role="Client" peer={session.client} waiting="Not initialized yet" />
        <Peer role="Server" peer={session.server} waiting={session.status === 'live' ? 'No answer yet' : 'Never answered'} />
      </dl>
      <p className="proxied-card__meta">
        Started {formatClockTime(session.startedAt)} · pid {session.pid}
        {session.endedAt !== undefined && <> · ended {formatClockTime(session.endedAt)}</>}
        {session.intercepting && <> · intercepting</>}
      </p>
      {session.exit && <p className="proxied-card__meta">{session.exit}</p>}
      {session.lostEntries > 0 && (
        <p className="proxied-card__lost" role="note">
          {plural(session.lostEntries, 'entry', 'entries')} could not be recorded (the record says where).
        </p>
      )}
      {(session.client?.capabilities ?? session.server?.capabilities) && (
        <details className="proxied-card__details" onClick={(event) => event.stopPropagation()}>
          <summary>Capabilities and info</summary>
          {session.client && <JsonText value={session.client} label={`What ${session.name}'s client said about itself`} className="proxied-card__json" />}
          {session.server && <JsonText value={session.server} label={`What ${session.name}'s server said about itself`} className="proxied-card__json" />}
        </details>
      )}
    </li>
  );
}

function Peer({ role, peer, waiting }: { role: string; peer: ProxiedPeer | undefined; waiting: string }) {
  const name = peerName(peer);
  const protocol = protocolOf(peer);
  const capabilities = capabilityNames(peer);
  return (
    <div className="proxied-card__peer">
      <dt>{role}</dt>
      <dd>
        {peer ? (
          <>
            <span className="proxied-card__peer-name">{name ?? 'No name given'}</span>
            {protocol && <span className="proxied-card__fact">protocol {protocol}</span>}
            {capabilities && <span className="proxied-card__fact">capabilities: {capabilities}</span>}
          </>
        ) : (
          <span className="muted">{waiting}</span>
        )}
      </dd>
    </div>
  );
}
