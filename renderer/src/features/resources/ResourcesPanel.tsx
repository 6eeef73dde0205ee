import { useCallback, useDeferredValue, useMemo, useState, type KeyboardEvent } from 'react';
import type { ResourceInfo, ResourceTemplateInfo } from '../../../../shared/mcp';
import { ListCacheNote } from '../../ui/ListCacheNote';
import { VirtualListbox } from '../../ui/VirtualListbox';
import { useConnection } from '../../state/connections/connections-store';
import { canSubscribe, connectedSession, offers, offersCompletions } from '../../state/connections/server-capabilities';
import { findServer, useServersStore } from '../../state/servers';
import { countLabel, filterResources, filterTemplates, LIST_FILTER_KEYS } from '../../ui/list-filter';
import { hasItems, type ConnectionList } from '../../../../shared/lists';
import { getApi } from '../../bridge/api';
import { refreshList } from '../../bridge/refresh-list';
import { cacheInfoOf } from '../../ui/list-cache';
import { ViolationsNote } from '../../ui/OutcomeParts';
import { ResourceDetail } from './ResourceDetail';
import { ResourceRow, TemplateRow } from './ResourceRows';
import { useListsStore } from '../../state/lists/lists-store';
import { resourceKey, useResourcesStore, type ResourceListView } from './resources-store';
import { TemplateDetail } from './TemplateDetail';
import '../../ui/card.css';
import './resources.css';
import { ListPanelBody, ListPanelHeader, ListPanelNotice } from '../../ui/list-panel/ListPanel';
import { connectionProblemText } from '../../ui/connection/ConnectionProblem';

const VIEWS: ResourceListView[] = ['resources', 'templates'];

/** The selected server's resources and resource templates: lists with a filter, and the selected item's detail. */
export function ResourcesPanel() {
  const api = getApi();
  const server = useServersStore((state) => findServer(state.servers, state.selectedServerId));
  const serverId = server?.id;
  const connection = useConnection(serverId);
  const session = connectedSession(connection);
  const connected = session !== undefined;
  const offered = offers(connection, 'resources');
  const lists = useListsStore((state) => (serverId ? state.byServer[serverId] : undefined));
  const view = useResourcesStore((state) => (serverId ? state.listView[serverId] : undefined)) ?? 'resources';
  // One filter per list, so a filter typed for resources does not hide every template.
  const [filterState, setFilterState] = useState({ serverId, resources: '', templates: '' });
  // Another server starts unfiltered.
  const filters = filterState.serverId === serverId ? filterState : { serverId, resources: '', templates: '' };
  const filter = filters[view];

  const resources = lists?.resources;
  const templates = lists?.resourceTemplates;
  const resourceFilter = useDeferredValue(filters.resources);
  const templateFilter = useDeferredValue(filters.templates);
  const visibleResources = useMemo(() => filterResources(resources?.items ?? [], resourceFilter), [resources, resourceFilter]);
  const visibleTemplates = useMemo(() => filterTemplates(templates?.items ?? [], templateFilter), [templates, templateFilter]);

  const refresh = (force = false) => {
    if (!session) return;
    void refreshList(api, session.serverId, 'resources', force);
    void refreshList(api, session.serverId, 'resourceTemplates', force);
  };
  const shownList = view === 'resources' ? resources : templates;
  const shownCache = shownList ? cacheInfoOf(shownList) : undefined;

  const countText =
    view === 'resources'
      ? resources && hasItems(resources)
        ? `${countLabel(visibleResources.length, resources.items.length, 'resource')} · ${countLabel(resources.pages, resources.pages, 'page')}`
        : ''
      : templates && hasItems(templates)
        ? countLabel(visibleTemplates.length, templates.items.length, 'template')
        : '';
  const loading = resources?.status === 'loading' || templates?.status === 'loading';

  return (
    <section className="resources list-panel panel" aria-label="Resources">
      <ListPanelHeader
        title="Resources"
        count={countText}
        loading={loading}
        changed={{ at: resources?.changedAt, what: 'resources', key: serverId }}
        filter={
          connected && offered
            ? {
                label: view === 'resources' ? 'Filter resources' : 'Filter templates',
                placeholder: `Filter ${view}: words, name:, uri:, /regex/`,
                text: filter,
                onText: (text) => setFilterState({ ...filters, [view]: text }),
                keys: LIST_FILTER_KEYS,
                valuesOf: (key) => (key === 'name' ? (view === 'resources' ? resources : templates)?.items.map((item) => item.name) : undefined),
              }
            : undefined
        }
        refresh={{ label: 'Refresh resources', disabled: !connected || !offered || loading, onRefresh: () => refresh() }}
      />
      {!serverId || !connected || !offered ? (
        <ListPanelNotice
          situation={{
            what: 'resources',
            serverName: server?.name,
            connection: connected ? 'connected' : connection?.status === 'connecting' ? 'connecting' : 'none',
            problem: connectionProblemText(connection),
            offered,
            list: undefined,
            hasList: false,
          }}
        />
      ) : (
        <ListPanelBody
          list={
            // Two lists in one pane: each says for itself whether it failed or is loading.
            <div className="list-panel__list-pane">
              <ListTabs serverId={serverId} view={view} resources={resources} templates={templates} />
              {shownCache && <ListCacheNote cache={shownCache} what={view} disabled={loading} onForceRefresh={() => refresh(true)} />}
              <div className="list-panel__list" role="tabpanel" aria-labelledby={`resources-tab-${view}`}>
                {view === 'resources' ? (
                  <ResourceListBody serverId={serverId} list={resources} visible={visibleResources} filter={resourceFilter} />
                ) : (
                  <TemplateListBody serverId={serverId} list={templates} visible={visibleTemplates} filter={templateFilter} />
                )}
              </div>
            </div>
          }
          detail={<SelectedDetail serverId={serverId} connection={connection} />}
        />
      )}
    </section>
  );
}

function ListTabs({
  serverId,
  view,
  resources,
  templates,
}: {
  serverId: string;
  view: ResourceListView;
  resources: ConnectionList<ResourceInfo> | undefined;
  templates: ConnectionList<ResourceTemplateInfo> | undefined;
}) {
  const show = (next: ResourceListView) => useResourcesStore.getState().showList(serverId, next);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = view === 'resources' ? 'templates' : 'resources';
    show(next);
    document.getElementById(`resources-tab-${next}`)?.focus();
  };
  const counts: Record<ResourceListView, number | undefined> = {
    resources: resources && hasItems(resources) ? resources.items.length : undefined,
    templates: templates && hasItems(templates) ? templates.items.length : undefined,
  };
  return (
    <div className="resources__tabs" role="tablist" aria-label="Resource lists" onKeyDown={onKeyDown}>
      {VIEWS.map((name) => (
        <button
          key={name}
          id={`resources-tab-${name}`}
          type="button"
          role="tab"
          aria-selected={view === name}
          tabIndex={view === name ? 0 : -1}
          className={`resources__tab ${view === name ? 'resources__tab--selected' : ''}`}
          onClick={() => show(name)}
        >
          {name === 'resources' ? 'Resources' : 'Templates'}
          {counts[name] !== undefined && <span className="resources__tab-count">{counts[name]}</span>}
        </button>
      ))}
    </div>
  );
}

function ListProblems<T>({ list, what }: { list: ConnectionList<T> | undefined; what: string }) {
  if (!list) return null;
  if (list.status === 'failed') {
    return (
      <p className="empty-state empty-state--error" role="alert">
        Could not list the {what}: {list.error}
      </p>
    );
  }
  return <ViolationsNote violations={list.violations} subject={`The ${what} list`} />;
}

/** Before a list has loaded: its failure, or that it is loading. */
function ListPlaceholder<T>({ list, what }: { list: ConnectionList<T> | undefined; what: string }) {
  if (list?.status === 'failed') return <ListProblems list={list} what={what} />;
  if (list?.status === 'unsupported') {
    return (
      <p className="empty-state capability-absent" role="note">
        {list.error ?? `This server does not offer ${what}.`}
      </p>
    );
  }
  return <p className="empty-state">Loading {what}…</p>;
}

function ResourceListBody({
  serverId,
  list,
  visible,
  filter,
}: {
  serverId: string;
  list: ConnectionList<ResourceInfo> | undefined;
  visible: readonly ResourceInfo[];
  filter: string;
}) {
  const selectedUri = useResourcesStore((state) => {
    const selection = state.selection[serverId];
    return selection?.kind === 'resource' ? selection.uri : undefined;
  });
  const updatedAt = useResourcesStore((state) => state.updatedAt);
  const subscriptions = useResourcesStore((state) => state.subscriptions);
  const onSelect = useCallback(
    (resource: ResourceInfo) => useResourcesStore.getState().select(serverId, { kind: 'resource', uri: resource.uri }),
    [serverId],
  );
  const renderItem = useCallback(
    (resource: ResourceInfo) => {
      const key = resourceKey(serverId, resource.uri);
      return <ResourceRow resource={resource} updated={updatedAt[key] !== undefined} subscribed={subscriptions[key] === 'subscribed'} />;
    },
    [serverId, updatedAt, subscriptions],
  );

  if (!list || !hasItems(list)) return <ListPlaceholder list={list} what="resources" />;
  return (
    <>
      <ListProblems list={list} what="resources" />
      {list.items.length === 0 ? (
        <p className="empty-state">This server has no resources. Its templates may still make some.</p>
      ) : visible.length === 0 ? (
        <p className="empty-state">No resource matches “{filter}”.</p>
      ) : (
        <VirtualListbox
          items={visible}
          label="Resource list"
          getKey={(resource) => resource.uri}
          selectedKey={selectedUri}
          onSelect={onSelect}
          renderItem={renderItem}
          estimateSize={42}
        />
      )}
    </>
  );
}

function TemplateListBody({
  serverId,
  list,
  visible,
  filter,
}: {
  serverId: string;
  list: ConnectionList<ResourceTemplateInfo> | undefined;
  visible: readonly ResourceTemplateInfo[];
  filter: string;
}) {
  const selectedTemplate = useResourcesStore((state) => {
    const selection = state.selection[serverId];
    return selection?.kind === 'template' ? selection.uriTemplate : undefined;
  });
  const onSelect = useCallback(
    (template: ResourceTemplateInfo) => useResourcesStore.getState().select(serverId, { kind: 'template', uriTemplate: template.uriTemplate }),
    [serverId],
  );
  const renderItem = useCallback((template: ResourceTemplateInfo) => <TemplateRow template={template} />, []);

  if (!list || !hasItems(list)) return <ListPlaceholder list={list} what="templates" />;
  return (
    <>
      <ListProblems list={list} what="templates" />
      {list.items.length === 0 ? (
        <p className="empty-state">This server has no resource templates.</p>
      ) : visible.length === 0 ? (
        <p className="empty-state">No template matches “{filter}”.</p>
      ) : (
        <VirtualListbox
          items={visible}
          label="Template list"
          getKey={(template) => template.uriTemplate}
          selectedKey={selectedTemplate}
          onSelect={onSelect}
          renderItem={renderItem}
          estimateSize={42}
        />
      )}
    </>
  );
}

function SelectedDetail({ serverId, connection }: { serverId: string; connection: ReturnType<typeof useConnection> }) {
  const selection = useResourcesStore((state) => state.selection[serverId]);
  const lists = useListsStore((state) => state.byServer[serverId]);
  const connected = connectedSession(connection) !== undefined;
  const subscribable = canSubscribe(connection);
  if (!selection) return <p className="empty-state">Select a resource to read it, or a template to fill in its URI.</p>;
  if (selection.kind === 'resource') {
    const resource = lists?.resources?.items.find((item) => item.uri === selection.uri);
    return (
      <ResourceDetail
        key={selection.uri}
        serverId={serverId}
        uri={selection.uri}
        resource={resource}
        connected={connected}
        subscribable={subscribable}
      />
    );
  }
  const template = lists?.resourceTemplates?.items.find((item) => item.uriTemplate === selection.uriTemplate);
  if (!template) return <p className="empty-state">This template is no longer in the server’s list.</p>;
  return (
    <TemplateDetail
      key={template.uriTemplate}
      serverId={serverId}
      template={template}
      connected={connected}
      subscribable={subscribable}
      completions={offersCompletions(connection)}
    />
  );
}
