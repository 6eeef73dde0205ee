import { useCallback, useMemo, useState } from 'react';
import { useApi } from '../../bridge/api-context';
import { RefreshIcon } from '../../ui/icons';
import { statusOf, useConnection } from '../connections/connections-store';
import { findServer, useServersStore } from '../servers/servers-store';
import { ToolDetail } from './ToolDetail';
import { ToolList } from './ToolList';
import { useToolsStore } from './tools-store';
import './tools.css';

/** The selected server's tools: the list (with a filter) and the selected tool's detail. */
export function ToolsPanel() {
  const api = useApi();
  const server = useServersStore((state) => findServer(state.servers, state.selectedServerId));
  const serverId = server?.id;
  const connection = useConnection(serverId);
  const connected = statusOf(connection) === 'connected';
  const tools = useToolsStore((state) => (serverId ? state.byServer[serverId] : undefined));
  const selectedName = useToolsStore((state) => (serverId ? state.selectedTool[serverId] : undefined));
  const selectTool = useToolsStore((state) => state.selectTool);
  const [filter, setFilter] = useState('');

  const items = useMemo(() => tools?.items ?? [], [tools]);
  const visible = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!needle) return items;
    return items.filter(
      (tool) =>
        tool.name.toLowerCase().includes(needle) ||
        (tool.title ?? '').toLowerCase().includes(needle) ||
        (tool.description ?? '').toLowerCase().includes(needle),
    );
  }, [items, filter]);
  const selectedTool = items.find((tool) => tool.name === selectedName);
  const onSelect = useCallback((name: string) => serverId && selectTool(serverId, name), [serverId, selectTool]);

  const refresh = () => {
    if (serverId && connection?.connectionId) void useToolsStore.getState().load(api, serverId, connection.connectionId);
  };

  const hasList = tools !== undefined && (tools.status === 'loaded' || items.length > 0);
  const countText = !hasList
    ? ''
    : visible.length === items.length
      ? `${items.length} ${items.length === 1 ? 'tool' : 'tools'}`
      : `${visible.length} of ${items.length} tools`;

  return (
    <section className="tools panel" aria-label="Tools">
      <header className="panel-header">
        <h2 className="panel-header__title">Tools</h2>
        <span className="panel-header__count" aria-live="polite" data-testid="tools-count">
          {countText}
        </span>
        {tools?.status === 'loading' && <span className="muted">Loading…</span>}
        <span className="panel-header__spacer" />
        {hasList && (
          <input
            type="search"
            className="input input--small tools__filter"
            placeholder="Filter tools"
            aria-label="Filter tools"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        )}
        <button
          type="button"
          className="icon-button"
          aria-label="Refresh tools"
          title="Refresh tools"
          disabled={!connected || tools?.status === 'loading'}
          onClick={refresh}
        >
          <RefreshIcon />
        </button>
      </header>

      {!server ? (
        <p className="empty-state">Select a server to see its tools.</p>
      ) : !tools || (!hasList && tools.status !== 'failed') ? (
        <p className="empty-state">
          {connected || tools?.status === 'loading' ? 'Loading tools…' : `Connect ${server.name} to list its tools.`}
        </p>
      ) : tools.status === 'failed' ? (
        <p className="empty-state empty-state--error" role="alert">
          Could not list the tools: {tools.error}
        </p>
      ) : (
        <>
          {tools.violations.length > 0 && (
            <div className="violations" role="note">
              <p className="violations__title">
                The tools/list result breaks the MCP schema in {tools.violations.length}{' '}
                {tools.violations.length === 1 ? 'place' : 'places'}.
              </p>
              <ul className="violations__list">
                {tools.violations.slice(0, 20).map((violation, index) => (
                  <li key={index}>
                    <code>{violation.path || '/'}</code> {violation.message}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {items.length === 0 ? (
            <p className="empty-state">This server has no tools.</p>
          ) : (
            <div className="tools__body">
              <div className="tools__list-pane">
                {visible.length === 0 ? (
                  <p className="empty-state">No tool matches “{filter}”.</p>
                ) : (
                  <ToolList tools={visible} selectedName={selectedName} onSelect={onSelect} />
                )}
              </div>
              <div className="tools__detail-pane">
                {selectedTool && serverId ? (
                  <ToolDetail key={`${serverId}:${selectedTool.name}`} serverId={serverId} tool={selectedTool} connected={connected} />
                ) : (
                  <p className="empty-state">Select a tool to see its details and run it.</p>
                )}
              </div>
            </div>
          )}
        </>
      )}
    </section>
  );
}
