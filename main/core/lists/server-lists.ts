import type { ConnectionState } from '../../../shared/connection.js';
import { LIST_NAMES, type ListChange, type ListItems, type ListName, type ListState, type ServerLists } from '../../../shared/lists.js';
import type { ListKind, ListOutcome, ToolInfo } from '../../../shared/mcp.js';
import { LoupeError } from '../../../shared/wire.js';
import type { Connection } from '../connections/connection.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import { loadList } from './load-list.js';
import { toPromptInfo, toResourceInfo, toResourceTemplateInfo, toToolInfo } from '../mcp/views.js';
import { ListCache } from './list-cache.js';
import { ManagedList } from './managed-list.js';

interface ListSpec<T> {
  method: string;
  itemsKey: string;
  /** The capability the server must announce for the list to exist. */
  capability: string;
  /** The `list_changed` notification that names it. */
  changedBy: ListKind;
  toView: (raw: unknown) => T;
}

export const SPECS: { [K in ListName]: ListSpec<ListItems[K]> } = {
  tools: { method: 'tools/list', itemsKey: 'tools', capability: 'tools', changedBy: 'tools', toView: toToolInfo },
  resources: { method: 'resources/list', itemsKey: 'resources', capability: 'resources', changedBy: 'resources', toView: toResourceInfo },
  resourceTemplates: {
    method: 'resources/templates/list',
    itemsKey: 'resourceTemplates',
    capability: 'resources',
    changedBy: 'resources',
    toView: toResourceTemplateInfo,
  },
  prompts: { method: 'prompts/list', itemsKey: 'prompts', capability: 'prompts', changedBy: 'prompts', toView: toPromptInfo },
};

type Lists = { [K in ListName]: ManagedList<ListItems[K]> };

interface Entry {
  connectionId: string;
  lists: Lists;
  /** The connection's lists while the server says they are fresh (2026-07-28 `ttlMs`). */
  cache: ListCache;
}

export interface ServerListsOptions {
  connections: ConnectionManager;
  emit(change: ListChange): void;
  /**
   * Load every list on connect and again after `list_changed` (the app). Off, lists load only
   * when asked (the CLI, whose recorded traffic should hold only what its command sent).
   */
  follow: boolean;
  debounceMs?: number;
}

export function announces(capabilities: Record<string, unknown> | undefined, name: string): boolean {
  const value = capabilities?.[name];
  return value !== undefined && value !== null && value !== false;
}

/** The lists of every connected server, one `ManagedList` per list per connection. */
export class ServerListsRegistry {
  private readonly byServer = new Map<string, Entry>();

  constructor(private readonly options: ServerListsOptions) {}

  /** Follows a connection's state: new lists for a new connection, none once it ends. */
  follow(state: ConnectionState): void {
    const known = this.byServer.get(state.serverId);
    const live = state.status === 'connected' && state.connectionId !== undefined;
    if (known && (!live || known.connectionId !== state.connectionId)) {
      for (const name of LIST_NAMES) known.lists[name].dispose();
      this.byServer.delete(state.serverId);
    }
    if (!live || this.byServer.has(state.serverId)) return;
    const connection = this.options.connections.find(state.serverId);
    if (!connection || connection.connectionId !== state.connectionId) return;
    const capabilities = state.server?.capabilities;
    const cache = new ListCache();
    const make = <K extends ListName>(name: K): ManagedList<ListItems[K]> => {
      const spec = SPECS[name] as ListSpec<ListItems[K]>;
      return new ManagedList<ListItems[K]>({
        supported: announces(capabilities, spec.capability),
        fetch: (force) => loadList(connection, cache, spec.method, spec.itemsKey, spec.toView, force),
        onChange: (listState) => this.options.emit({ serverId: state.serverId, connectionId: connection.connectionId, name, state: listState }),
        ...(this.options.debounceMs !== undefined ? { debounceMs: this.options.debounceMs } : {}),
      });
    };
    const lists: Lists = { tools: make('tools'), resources: make('resources'), resourceTemplates: make('resourceTemplates'), prompts: make('prompts') };
    this.byServer.set(state.serverId, { connectionId: connection.connectionId, lists, cache });
    for (const name of LIST_NAMES) {
      this.options.emit({ serverId: state.serverId, connectionId: connection.connectionId, name, state: lists[name].state });
      if (this.options.follow) void lists[name].reload(false);
    }
  }

  /** A `notifications/<kind>/list_changed` arrived on a connection. */
  listChanged(serverId: string, connectionId: string, kind: ListKind): void {
    const entry = this.byServer.get(serverId);
    if (entry?.connectionId !== connectionId) return;
    // A changed list is fetched again on the next load, whatever its ttlMs said.
    entry.cache.invalidate(kind);
    for (const name of LIST_NAMES) {
      if (SPECS[name].changedBy === kind) entry.lists[name].changed(this.options.follow);
    }
  }

  /** Every list of the connected servers (or of one). */
  snapshot(serverId?: string): ServerLists[] {
    const entries = [...this.byServer.entries()].filter(([id]) => serverId === undefined || id === serverId);
    return entries.map(([id, entry]) => ({
      serverId: id,
      connectionId: entry.connectionId,
      lists: {
        tools: entry.lists.tools.state,
        resources: entry.lists.resources.state,
        resourceTemplates: entry.lists.resourceTemplates.state,
        prompts: entry.lists.prompts.state,
      },
    }));
  }

  /** Fetches a list again (served from the cache while the server says it is fresh, unless forced); returns its state. */
  async refresh<K extends ListName>(serverId: string, name: K, force: boolean): Promise<ListState<ListItems[K]>> {
    return this.managed(serverId, name).reload(force);
  }

  /**
   * The whole list, or an error: what `tools.list` and the like return. A server that did not
   * announce the capability is asked anyway, since the caller asked explicitly.
   */
  async load<K extends ListName>(serverId: string, name: K, force: boolean): Promise<ListOutcome<ListItems[K]>> {
    const { connection, entry } = this.connected(serverId);
    const list = entry.lists[name] as ManagedList<ListItems[K]>;
    if (list.supported) return list.load(force);
    const spec = SPECS[name] as ListSpec<ListItems[K]>;
    return loadList(connection, entry.cache, spec.method, spec.itemsKey, spec.toView, force);
  }

  /** The tool as last listed on the server's connection, fresh or not (a task run needs its `execution`). */
  peekTool(serverId: string, name: string): ToolInfo | undefined {
    return this.byServer.get(serverId)?.cache.peek<ToolInfo>('tools/list')?.items.find((tool) => tool.name === name);
  }

  private managed<K extends ListName>(serverId: string, name: K): ManagedList<ListItems[K]> {
    return this.connected(serverId).entry.lists[name];
  }

  private connected(serverId: string): { connection: Connection; entry: Entry } {
    const connection: Connection = this.options.connections.connected(serverId);
    const entry = this.byServer.get(serverId);
    if (entry?.connectionId !== connection.connectionId) {
      throw new LoupeError('The server is not connected: connect it first.', 'not-connected');
    }
    return { connection, entry };
  }
}
