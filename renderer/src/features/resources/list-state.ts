import type { ListOutcome, SchemaViolation } from '../../../../shared/mcp';
import { cacheInfoOf, type ListCacheInfo } from '../../ui/list-cache';

/** One fetched MCP list (resources, templates, prompts) of one connection. */
export interface ListState<T> {
  /** The connection the list belongs to; a new connection means a new list. */
  connectionId: string;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  items: T[];
  pages: number;
  violations: SchemaViolation[];
  error?: string;
  /** When the server last announced `list_changed` for this list (epoch ms). */
  changedAt?: number | undefined;
  cache?: ListCacheInfo | undefined;
}

export function emptyList<T>(connectionId: string): ListState<T> {
  return { connectionId, status: 'idle', items: [], pages: 0, violations: [] };
}

/** Keeps showing the old items while a refresh of the same connection loads. */
export function loadingList<T>(connectionId: string, previous: ListState<T> | undefined): ListState<T> {
  const same = previous?.connectionId === connectionId;
  return {
    connectionId,
    status: 'loading',
    items: same ? previous.items : [],
    pages: same ? previous.pages : 0,
    violations: same ? previous.violations : [],
    ...(same && previous.changedAt !== undefined ? { changedAt: previous.changedAt } : {}),
  };
}

export function loadedList<T>(connectionId: string, outcome: ListOutcome<T>, previous: ListState<T> | undefined): ListState<T> {
  return {
    connectionId,
    status: 'loaded',
    items: outcome.items,
    pages: outcome.pages,
    violations: outcome.violations,
    ...(previous?.connectionId === connectionId && previous.changedAt !== undefined ? { changedAt: previous.changedAt } : {}),
    ...(outcome.hints ? { cache: cacheInfoOf(outcome) } : {}),
  };
}

export function failedList<T>(connectionId: string, error: string): ListState<T> {
  return { connectionId, status: 'failed', items: [], pages: 0, violations: [], error };
}

/** Whether the list has something to show (a loaded list, or old items while reloading). */
export function hasItems<T>(list: ListState<T> | undefined): boolean {
  return list !== undefined && (list.status === 'loaded' || list.items.length > 0);
}
