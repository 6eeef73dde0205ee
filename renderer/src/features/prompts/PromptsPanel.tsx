import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { PromptInfo } from '../../../../shared/mcp';
import { VirtualListbox } from '../../ui/VirtualListbox';
import { useConnection } from '../../state/connections/connections-store';
import { connectedSession, offers, offersCompletions } from '../../state/connections/server-capabilities';
import { countLabel, filterPrompts, NAMED_ITEM_FILTER_KEYS } from '../../ui/list-filter';
import { hasItems } from '../../../../shared/lists';
import { getApi } from '../../bridge/api';
import { refreshList } from '../../bridge/refresh-list';
import { ItemRow } from '../../ui/ItemRow';
import { ListPane, ListPanelBody, ListPanelHeader, ListPanelNotice } from '../../ui/list-panel/ListPanel';
import { useServerList } from '../../state/lists/lists-store';
import { findServer, useServersStore } from '../../state/servers';
import { PromptDetail } from './PromptDetail';
import { usePromptsStore } from './prompts-store';
import '../../ui/card.css';
import './prompts.css';
import { connectionProblemText } from '../../ui/connection/ConnectionProblem';

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
  const countText = loaded ? countLabel(visible.length, items.length, 'prompt') : '';
  const refresh = (force = false) => session && void refreshList(api, session.serverId, 'prompts', force);

  return (
    <section className="prompts list-panel panel" aria-label="Prompts">
      <ListPanelHeader
        title="Prompts"
        count={countText}
        loading={list?.status === 'loading'}
        changed={{ at: list?.changedAt, what: 'prompts', key: serverId }}
        filter={
          connected && offered
            ? {
                label: 'Filter prompts',
                placeholder: 'Filter: words, name:, title:, /regex/',
                text: filter,
                onText: (text) => setFilterState({ serverId, text }),
                keys: NAMED_ITEM_FILTER_KEYS,
                valuesOf: (key) => (key === 'name' ? items.map((item) => item.name) : undefined),
              }
            : undefined
        }
        refresh={{ label: 'Refresh prompts', disabled: !connected || !offered || list?.status === 'loading', onRefresh: () => refresh() }}
      />
      {!serverId || !connected || !offered || list?.status === 'failed' || !loaded ? (
        <ListPanelNotice
          situation={{
            what: 'prompts',
            serverName: server?.name,
            connection: connected ? 'connected' : connection?.status === 'connecting' ? 'connecting' : 'none',
            problem: connectionProblemText(connection),
            offered,
            list,
            hasList: loaded,
          }}
        />
      ) : (
        <ListPanelBody
          list={
            <ListPane
              what="prompts"
              list={list}
              violationsSubject="The prompts list"
              onForceRefresh={session ? () => refresh(true) : undefined}
              empty={items.length === 0 ? 'This server has no prompts.' : visible.length === 0 ? `No prompt matches “${deferredFilter}”.` : null}
            >
              <VirtualListbox
                items={visible}
                label="Prompt list"
                getKey={(prompt) => prompt.name}
                selectedKey={selectedName}
                onSelect={onSelect}
                renderItem={renderItem}
                estimateSize={42}
              />
            </ListPane>
          }
          detail={
            selected ? (
              <PromptDetail
                key={`${serverId}:${selected.name}`}
                serverId={serverId}
                prompt={selected}
                connected={connected}
                completions={offersCompletions(connection)}
              />
            ) : (
              <p className="empty-state">Select a prompt to fill in its arguments and get its messages.</p>
            )
          }
        />
      )}
    </section>
  );
}
