import { createElement, useState } from 'react';
import { PlusIcon } from '../../ui/icons';
import { ImportServersDialog } from './ImportServersDialog';
import { ServerListItem } from './ServerListItem';
import { serversSlots } from './slots';
import { useServersStore } from '../../state/servers';
import './servers.css';

export function ServersPanel() {
  const servers = useServersStore((state) => state.servers);
  const loaded = useServersStore((state) => state.loaded);
  const selectedServerId = useServersStore((state) => state.selectedServerId);
  const openEditor = useServersStore((state) => state.openEditor);
  const [importing, setImporting] = useState(false);

  return (
    <section className="servers panel" aria-label="Servers">
      <header className="panel-header">
        <h2 className="panel-header__title">Servers</h2>
        <span className="panel-header__count">{loaded ? servers.length : ''}</span>
        <button type="button" className="button button--small panel-header__action" onClick={() => setImporting(true)}>
          Import
        </button>
        <button type="button" className="button button--small" onClick={() => openEditor({ mode: 'add' })}>
          <PlusIcon /> Add server
        </button>
      </header>
      {!loaded ? (
        <p className="empty-state">Loading servers…</p>
      ) : servers.length === 0 ? (
        <p className="empty-state">No servers yet. Add one to start inspecting it.</p>
      ) : (
        <ul className="servers__list">
          {servers.map((server) => (
            <ServerListItem key={server.id} server={server} selected={server.id === selectedServerId} />
          ))}
        </ul>
      )}
      {createElement(serversSlots.ProxiedSessions.get())}
      {importing && <ImportServersDialog onClose={() => setImporting(false)} />}
    </section>
  );
}
