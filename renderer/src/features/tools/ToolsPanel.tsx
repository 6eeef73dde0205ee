import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { getApi } from '../../bridge/api';
import { refreshList } from '../../bridge/refresh-list';
import { plural } from '../../ui/format';
import { statusOf, useConnection } from '../../state/connections/connections-store';
import { findServer, useServersStore } from '../../state/servers';
import { filterEntries, listEntries } from './tool-facts';
import { KeptToolDetails } from './KeptToolDetails';
import { ToolList } from './ToolList';
import { useServerList } from '../../state/lists/lists-store';
import { useToolsStore } from './tools-store';
import './tools.css';
import { ListPane, ListPanelBody, ListPanelHeader, ListPanelNotice } from '../../ui/list-panel/ListPanel';
import { NAMED_ITEM_FILTER_KEYS } from '../../ui/list-filter';
import { findingsByTool, lintCountText, lintListKey, useToolLintStore } from './tool-lint-store';
import { connectionProblemText } from '../../ui/connection/ConnectionProblem';

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
  // Each list loaded (a connection, a change, a refresh) is linted once: tools.lint lints the list
  // the core holds, without loading it again.
  const listKey = lintListKey(tools);
  const lint = useToolLintStore((state) => (serverId ? state.byServer[serverId] : undefined));
  const runLint = useToolLintStore((state) => state.lint);
  useEffect(() => {
    if (serverId && connected && listKey) void runLint(serverId, listKey);
  }, [serverId, connected, listKey, runLint]);
  const lintReport = lint?.listKey === listKey ? lint?.report : undefined;
  const lintFindings = useMemo(() => findingsByTool(lintReport), [lintReport]);
  const onSelect = useCallback((key: string) => serverId && selectTool(serverId, key), [serverId, selectTool]);

  const refresh = (force = false) => {
    if (serverId && connected) void refreshList(api, serverId, 'tools', force);
  };
  const unsupported = tools?.status === 'unsupported';
  const hasList = tools !== undefined && !unsupported && (tools.status === 'loaded' || entries.length > 0);
  const countText = !hasList
    ? ''
    : visible.length === entries.length
      ? plural(entries.length, 'tool')
      : `${visible.length.toLocaleString()} of ${plural(entries.length, 'tool')}`;

  return (
    <section className="tools list-panel panel" aria-label="Tools">
      <ListPanelHeader
        title="Tools"
        count={countText}
        extra={
          lintReport && (
            <span className={`panel-header__lint ${lintReport.counts.error > 0 ? 'lint-count--error' : lintReport.counts.warning > 0 ? 'lint-count--warning' : ''}`}>
              {lintCountText(lintReport.counts)}
            </span>
          )
        }
        loading={tools?.status === 'loading'}
        changed={{ at: tools?.changedAt, what: 'tools' }}
        filter={
          hasList
            ? {
                label: 'Filter tools',
                placeholder: 'Filter: words, name:, title:, /regex/, -word',
                text: filter,
                onText: (text) => setFilter(text),
                keys: NAMED_ITEM_FILTER_KEYS,
                valuesOf: (key) => (key === 'name' ? entries.map((entry) => entry.tool.name) : undefined),
              }
            : undefined
        }
        refresh={{ label: 'Refresh tools', disabled: !connected || unsupported || tools?.status === 'loading', onRefresh: () => refresh() }}
      />
      {(!server || !tools || !hasList) && (
        <ListPanelNotice
          situation={{
            what: 'tools',
            serverName: server?.name,
            connection: connected ? 'connected' : connection?.status === 'connecting' ? 'connecting' : 'none',
            problem: connectionProblemText(connection),
            offered: true,
            list: tools,
            hasList,
          }}
        />
      )}
      {/* The body stays mounted under a notice, so the details kept for open apps are not reloaded. */}
      <ListPanelBody
        hidden={!server || !tools || !hasList}
        list={
          tools && hasList ? (
            // The tools stay listed after a disconnect: their detail says to connect.
            <ListPane
              what="tools"
              list={tools}
              violationsSubject="The tools/list result"
              onForceRefresh={connected ? () => refresh(true) : undefined}
              empty={entries.length === 0 ? 'This server offers no tools right now (its list is empty).' : visible.length === 0 ? `No tool matches “${deferredFilter}”.` : null}
            >
              <ToolList entries={visible} selectedKey={selectedKey} onSelect={onSelect} lint={lintFindings} />
            </ListPane>
          ) : null
        }
        detail={<KeptToolDetails shown={selected && serverId && hasList ? { serverId, listKey: selected.key } : undefined} />}
      />
    </section>
  );
}
