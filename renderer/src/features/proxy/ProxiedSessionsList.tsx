import { useEffect, useMemo, useState } from 'react';
import { useProxyStore } from '../../state/proxy/proxy-store';
import { useServersStore } from '../../state/servers';
import { ProxiedSessionCard } from './ProxiedSessionCard';
import { RouteDialog } from './RouteDialog';
import './proxy.css';

/** The proxied sessions in the Servers list, newest first, and "Route through Loupe". */
export function ProxiedSessionsList() {
  const sessions = useProxyStore((state) => state.sessions);
  const selectedId = useProxyStore((state) => state.selectedSessionId);
  const [routing, setRouting] = useState(false);
  const ordered = useMemo(() => Object.values(sessions).sort((a, b) => b.startedAt - a.startedAt), [sessions]);
  // Choosing a configured server leaves the proxied one: one card is selected at a time.
  useEffect(
    () =>
      useServersStore.subscribe((state, previous) => {
        if (state.selectedServerId !== previous.selectedServerId) useProxyStore.getState().selectSession(null);
      }),
    [],
  );
  return (
    <div className="proxied-sessions">
      <div className="proxied-sessions__head">
        <h3 className="proxied-sessions__title" id="proxied-sessions-title">
          Proxied sessions <span className="panel-header__count">{ordered.length > 0 ? ordered.length : ''}</span>
        </h3>
        <button type="button" className="button button--small" onClick={() => setRouting(true)}>
          Route through Loupe…
        </button>
      </div>
      {ordered.length === 0 ? (
        <p className="proxied-sessions__empty">
          None yet. Put <code>loupe proxy --</code> in front of a server in a client&apos;s config to watch what the client sends.
        </p>
      ) : (
        <ul className="proxied-sessions__list" aria-labelledby="proxied-sessions-title">
          {ordered.map((session) => (
            <ProxiedSessionCard key={session.id} session={session} selected={session.id === selectedId} />
          ))}
        </ul>
      )}
      {routing && <RouteDialog onClose={() => setRouting(false)} />}
    </div>
  );
}
