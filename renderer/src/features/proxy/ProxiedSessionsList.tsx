import { useEffect, useMemo } from 'react';
import { useProxyStore } from '../../state/proxy/proxy-store';
import { useServersStore } from '../../state/servers';
import { ProxiedSessionCard } from './ProxiedSessionCard';
import './proxy.css';

/** The proxied sessions in the Servers list, newest first; nothing when there are none. */
export function ProxiedSessionsList() {
  const sessions = useProxyStore((state) => state.sessions);
  const selectedId = useProxyStore((state) => state.selectedSessionId);
  const ordered = useMemo(() => Object.values(sessions).sort((a, b) => b.startedAt - a.startedAt), [sessions]);
  // Choosing a configured server leaves the proxied one: one card is selected at a time.
  useEffect(
    () =>
      useServersStore.subscribe((state, previous) => {
        if (state.selectedServerId !== previous.selectedServerId) useProxyStore.getState().selectSession(null);
      }),
    [],
  );
  if (ordered.length === 0) return null;
  return (
    <div className="proxied-sessions">
      <h3 className="proxied-sessions__title" id="proxied-sessions-title">
        Proxied sessions <span className="panel-header__count">{ordered.length}</span>
      </h3>
      <ul className="proxied-sessions__list" aria-labelledby="proxied-sessions-title">
        {ordered.map((session) => (
          <ProxiedSessionCard key={session.id} session={session} selected={session.id === selectedId} />
        ))}
      </ul>
    </div>
  );
}
