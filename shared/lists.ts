import type { ListCacheHints, PromptInfo, ResourceInfo, ResourceTemplateInfo, SchemaViolation, ToolInfo } from './mcp.js';

/** The lists the core keeps for every connection (one managed list each). */
export const LIST_NAMES = ['tools', 'resources', 'resourceTemplates', 'prompts'] as const;
export type ListName = (typeof LIST_NAMES)[number];

/** What each list holds. */
export interface ListItems {
  tools: ToolInfo;
  resources: ResourceInfo;
  resourceTemplates: ResourceTemplateInfo;
  prompts: PromptInfo;
}

/**
 * One connection's list as the core holds it. `unsupported`: the server did not announce the
 * capability, so no request was sent, or it answered the list's method with "method not found"
 * (`error` says so); `idle`: not loaded yet. A failure is kept as the state (`error`, one sentence).
 * `loading` keeps the previous items of the same connection while it reloads.
 */
export interface ListState<T = unknown> {
  status: 'unsupported' | 'idle' | 'loading' | 'loaded' | 'failed';
  /** Grows by one with every change of this list on this connection. */
  revision: number;
  items: T[];
  pages: number;
  violations: SchemaViolation[];
  error?: string;
  /** Epoch ms when the items were fetched from the server. */
  fetchedAt?: number;
  hints?: ListCacheHints;
  /** The last load was served from the core's cache (the server's `ttlMs` said it was fresh). */
  fromCache?: boolean;
  /** When the server last announced `list_changed` for this list (epoch ms). */
  changedAt?: number;
}

/** A change of one list: the core's `lists.changed` event. */
export interface ListChange<K extends ListName = ListName> {
  serverId: string;
  connectionId: string;
  name: K;
  state: ListState<ListItems[K]>;
}

/** Every list of one connected server. */
export interface ServerLists {
  serverId: string;
  connectionId: string;
  lists: { [K in ListName]: ListState<ListItems[K]> };
}

/** A list as the window holds it: the core's state, and the connection it belongs to. */
export type ConnectionList<T> = ListState<T> & { connectionId: string };

/** Whether the list has something to show (a loaded list, or the old items while it reloads). */
export function hasItems(list: ListState<unknown> | undefined): boolean {
  return list !== undefined && (list.status === 'loaded' || list.items.length > 0);
}

/** A copy of `byServer` with the server's entry set, or removed when `value` is undefined. */
export function withServerEntry<V>(byServer: Readonly<Record<string, V>>, serverId: string, value: V | undefined): Record<string, V> {
  const next = { ...byServer };
  if (value === undefined) delete next[serverId];
  else next[serverId] = value;
  return next;
}
