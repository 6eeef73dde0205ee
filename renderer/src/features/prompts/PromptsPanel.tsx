import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { PromptInfo } from '../../../../shared/mcp';
import { RefreshIcon } from '../../ui/icons';
import { ListCacheNote } from '../../ui/ListCacheNote';
import { VirtualListbox } from '../../ui/VirtualListbox';
import { useConnection } from '../../state/connections/connections-store';
import { connectedSession, offers, offersCompletions } from '../../state/connections/server-capabilities';
import { ChangedNotice } from '../../ui/ChangedNotice';
import { countLabel, filterPrompts, NAMED_ITEM_FILTER_KEYS } from '../../ui/list-filter';
import { hasItems } from '../../../../shared/lists';
import { getApi } from '../../bridge/api';
import { refreshList } from '../../bridge/refresh-list';
import { cacheInfoOf } from '../../ui/list-cache';
import { ViolationsNote } from '../../ui/OutcomeParts';
import { ItemRow } from '../../ui/ItemRow';
import { useServerList } from '../../state/lists/lists-store';
import { findServer, useServersStore } from '../../state/servers';
import { PromptDetail } from './PromptDetail';
import { usePromptsStore } from './prompts-store';
import '../resources/resources.css';
import './prompts.css';
import { FilterInput } from '../../ui/filter/FilterInput';

function argumentSummary(prompt: PromptInfo): string {
  if (prompt.arguments.length === 0) return 'no arguments';
  return prompt.arguments.map((argument) => (argument.required ? `${argument.name}*` : argument.name)).join(', ');
}

/** The selected server's prompts: the list with a filter, and the selected prompt's form and messages. */
export function PromptsPanel() {
  const api = getApi();
  const server = useServersStore((state) => findServer(state.servers, state.selectedServerId));
  const serverId = server?.id;
  const connection = useConnection(serverId);
  const session = connectedSession(connection);
  const connected = session !== undefined;
  const offered = offers(connection, 'prompts');
  const list = useServerList(serverId, 'prompts');
  const selectedName = usePromptsStore((state) => (serverId ? state.selected[serverId] : undefined));
  const [filterState, setFilterState] = useState({ serverId, text: '' });
  // Another server starts unfiltered.
  const filter = filterState.serverId === serverId ? filterState.text : '';
  const deferredFilter = useDeferredValue(filter);

  const items = useMemo(() => list?.items ?? [], [list]);
  const visible = useMemo(() => filterPrompts(items, deferredFilter), [items, deferredFilter]);
  const selected = items.find((prompt) => prompt.name === selectedName);
  const onSelect = useCallback((prompt: PromptInfo) => serverId && usePromptsStore.getState().select(serverId, prompt.name), [serverId]);
  const renderItem = useCallback(
    (prompt: PromptInfo) => (
      <ItemRow icons={prompt.icons} title={prompt.title} name={prompt.name} secondLine={argumentSummary(prompt)} description={prompt.description} />
    ),
    [],
  );

  const loaded = list !== undefined && hasItems(list);
  const cache = list ? cacheInfoOf(list) : undefined;
  const countText = loaded ? countLabel(visible.length, items.length, 'prompt') : '';

  return (
    <section className="prompts panel" aria-label="Prompts">
      <header className="panel-header">
        <h2 className="panel-header__title">Prompts</h2>
        <span className="panel-header__count" aria-live="polite">
          {countText}
        </span>
        {list?.status === 'loading' && <span className="muted">Loading…</span>}
        <ChangedNotice key={serverId} changedAt={list?.changedAt} what="prompts" />
        <span className="panel-header__spacer" />
        {connected && offered && (
          <FilterInput
            label="Filter prompts"
            className="input input--small prompts__filter"
            placeholder="Filter: words, name:, title:, /regex/"
            text={filter}
            onText={(text) => setFilterState({ serverId, text })}
            keys={NAMED_ITEM_FILTER_KEYS}
            valuesOf={(key) => (key === 'name' ? items.map((item) => item.name) : undefined)}
          />
        )}
        <button
          type="button"
          className="icon-button"
          aria-label="Refresh prompts"
          title="Refresh prompts"
          disabled={!connected || !offered || list?.status === 'loading'}
          onClick={() => session && void refreshList(api, session.serverId, 'prompts')}
        >
          <RefreshIcon />
        </button>
      </header>

      {!server || !serverId ? (
        <p className="empty-state">Select a server to see its prompts.</p>
      ) : !connected ? (
        <p className="empty-state">
          {connection?.status === 'connecting' ? `Connecting to ${server.name}…` : `Connect ${server.name} to list its prompts.`}
        </p>
      ) : !offered ? (
        <p className="empty-state capability-absent" role="note">
          This server does not offer prompts: it did not announce the prompts capability.
        </p>
      ) : list?.status === 'failed' ? (
        <p className="empty-state empty-state--error" role="alert">
          Could not list the prompts: {list.error}
        </p>
      ) : !loaded ? (
        <p className="empty-state">Loading prompts…</p>
      ) : (
        <div className="prompts__body">
          <div className="prompts__list-pane">
            <div className="prompts__list">
              {cache && session && (
                <ListCacheNote
                  cache={cache}
                  what="prompts"
                  disabled={list.status === 'loading'}
                  onForceRefresh={() => void refreshList(api, session.serverId, 'prompts', true)}
                />
              )}
              <ViolationsNote violations={list.violations} subject="The prompts list" />
              {items.length === 0 ? (
                <p className="empty-state">This server has no prompts.</p>
              ) : visible.length === 0 ? (
                <p className="empty-state">No prompt matches “{deferredFilter}”.</p>
              ) : (
                <VirtualListbox
                  items={visible}
                  label="Prompt list"
                  getKey={(prompt) => prompt.name}
                  selectedKey={selectedName}
                  onSelect={onSelect}
                  renderItem={renderItem}
                  estimateSize={42}
                />
              )}
            </div>
          </div>
          <div className="prompts__detail-pane">
            {selected ? (
              <PromptDetail
                key={`${serverId}:${selected.name}`}
                serverId={serverId}
                prompt={selected}
                connected={connected}
                completions={offersCompletions(connection)}
              />
            ) : (
              <p className="empty-state">Select a prompt to fill in its arguments and get its messages.</p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
