import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { getApi } from '../../bridge/api';
import { refreshList } from '../../bridge/refresh-list';
import { cacheInfoOf } from '../../ui/list-cache';
import { RefreshIcon } from '../../ui/icons';
import { ListCacheNote } from '../../ui/ListCacheNote';
import { plural } from '../../ui/format';
import { statusOf, useConnection } from '../../state/connections/connections-store';
import { ChangedNotice } from '../../ui/ChangedNotice';
import { findServer, useServersStore } from '../../state/servers';
import { filterEntries, listEntries } from './tool-facts';
import { ToolDetail } from './ToolDetail';
import { ToolList } from './ToolList';
import { useServerList } from '../../state/lists/lists-store';
import { useToolsStore } from './tools-store';
import './tools.css';
import { FilterInput } from '../../ui/filter/FilterInput';
import { NAMED_ITEM_FILTER_KEYS } from '../../ui/list-filter';

/** The selected server's tools: the list (with a filter) and the selected tool's detail. */
export function ToolsPanel() {
  const api = getApi();
  const server = useServersStore((state) => findServer(state.servers, state.selectedServerId));
  const serverId = server?.id;
  const connection = useConnection(serverId);
  const connected = statusOf(connection) === 'connected';
  const tools = useServerList(serverId, 'tools');
  const selectedKey = useToolsStore((state) => (serverId ? state.selectedTool[serverId] : undefined));
  const selectTool = useToolsStore((state) => state.selectTool);
  // Each server keeps its own filter text: a filter typed for one server's tools means nothing for another's.
  const [filters, setFilters] = useState<Record<string, string>>({});
  const filter = serverId ? (filters[serverId] ?? '') : '';
  const setFilter = (text: string) => serverId && setFilters((current) => ({ ...current, [serverId]: text }));
  const deferredFilter = useDeferredValue(filter);

  const entries = useMemo(() => listEntries(tools?.items ?? []), [tools]);
  const visible = useMemo(() => filterEntries(entries, deferredFilter), [entries, deferredFilter]);
  const selected = entries.find((entry) => entry.key === selectedKey);
  const onSelect = useCallback((key: string) => serverId && selectTool(serverId, key), [serverId, selectTool]);

  const refresh = (force = false) => {
    if (serverId && connected) void refreshList(api, serverId, 'tools', force);
  };
  const cache = tools ? cacheInfoOf(tools) : undefined;

  const unsupported = tools?.status === 'unsupported';
  const hasList = tools !== undefined && !unsupported && (tools.status === 'loaded' || entries.length > 0);
  const countText = !hasList
    ? ''
    : visible.length === entries.length
      ? plural(entries.length, 'tool')
      : `${visible.length.toLocaleString()} of ${plural(entries.length, 'tool')}`;

  return (
    <section className="tools panel" aria-label="Tools">
      <header className="panel-header">
        <h2 className="panel-header__title">Tools</h2>
        <span className="panel-header__count" aria-live="polite">
          {countText}
        </span>
        {tools?.status === 'loading' && <span className="muted">Loading…</span>}
        <ChangedNotice changedAt={tools?.changedAt} what="tools" />
        <span className="panel-header__spacer" />
        {hasList && (
          <FilterInput
            label="Filter tools"
            className="input input--small tools__filter"
            placeholder="Filter: words, name:, title:, /regex/, -word"
            text={filter}
            onText={(text) => setFilter(text)}
            keys={NAMED_ITEM_FILTER_KEYS}
            valuesOf={(key) => (key === 'name' ? entries.map((entry) => entry.tool.name) : undefined)}
          />
        )}
        <button
          type="button"
          className="icon-button"
          aria-label="Refresh tools"
          title="Refresh tools"
          disabled={!connected || unsupported || tools?.status === 'loading'}
          onClick={() => refresh()}
        >
          <RefreshIcon />
        </button>
      </header>

      {!server ? (
        <p className="empty-state">Select a server to see its tools.</p>
      ) : unsupported ? (
        <p className="empty-state tools__unsupported">
          This server does not offer tools (it did not announce the “tools” capability).
        </p>
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
          {cache && (
            <ListCacheNote cache={cache} what="tools" disabled={!connected || tools.status === 'loading'} onForceRefresh={() => refresh(true)} />
          )}
          {tools.violations.length > 0 && (
            <div className="violations tools__violations" role="note">
              <p className="violations__title">
                The tools/list result breaks the MCP schema in {plural(tools.violations.length, 'place')}.
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
          {entries.length === 0 ? (
            <p className="empty-state">This server offers no tools right now (its list is empty).</p>
          ) : (
            <div className="tools__body">
              <div className="tools__list-pane">
                {visible.length === 0 ? (
                  <p className="empty-state">No tool matches “{deferredFilter}”.</p>
                ) : (
                  <ToolList entries={visible} selectedKey={selectedKey} onSelect={onSelect} />
                )}
              </div>
              <div className="tools__detail-pane">
                {selected && serverId ? (
                  <ToolDetail
                    key={`${serverId}:${selected.key}`}
                    serverId={serverId}
                    tool={selected.tool}
                    listKey={selected.key}
                    sameName={selected.sameName}
                    connected={connected}
                  />
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
