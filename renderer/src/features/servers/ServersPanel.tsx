import { createElement, useState } from 'react';
import { PlusIcon } from '../../ui/icons';
import { FilterInput } from '../../ui/filter/FilterInput';
import { countLabel } from '../../ui/list-filter';
import { filterServers, SERVER_FILTER_FROM, SERVER_FILTER_KEYS } from './server-filter';
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
  const [query, setQuery] = useState('');
  const filtering = servers.length >= SERVER_FILTER_FROM;
  const shown = filtering ? filterServers(servers, query) : servers;

  return (
    <section className="servers panel" aria-label="Servers">
      <div className="servers__top">
        <header className="panel-header">
          <h2 className="panel-header__title">Servers</h2>
          <span className="panel-header__count" aria-live="polite">
            {!loaded ? '' : shown.length === servers.length ? servers.length : countLabel(shown.length, servers.length, 'server')}
          </span>
          <button type="button" className="button button--small panel-header__action" onClick={() => setImporting(true)}>
            Import
          </button>
          <button type="button" className="button button--small" onClick={() => openEditor({ mode: 'add' })}>
            <PlusIcon /> Add server
          </button>
        </header>
        {filtering && (
          <div className="servers__filter">
            <FilterInput label="Filter servers" placeholder="Filter servers (name, transport, target)" text={query} onText={setQuery} keys={SERVER_FILTER_KEYS} />
          </div>
        )}
      </div>
      {!loaded ? (
        <p className="empty-state">Loading servers…</p>
      ) : servers.length === 0 ? (
        <p className="empty-state">No servers yet. Add one to start inspecting it.</p>
      ) : shown.length === 0 ? (
        <p className="empty-state">No server matches “{query}”.</p>
      ) : (
        <ul className="servers__list" aria-label="Server list">
          {shown.map((server) => (
            <ServerListItem key={server.id} server={server} selected={server.id === selectedServerId} />
          ))}
        </ul>
      )}
      {createElement(serversSlots.ProxiedSessions.get())}
      {importing && <ImportServersDialog onClose={() => setImporting(false)} />}
    </section>
  );
}
