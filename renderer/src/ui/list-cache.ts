import type { ListCacheHints } from '../../../shared/mcp';

/** What the UI shows about a list's cache fields (2026-07-28 lists carry them). */
export interface ListCacheInfo {
  hints: ListCacheHints;
  fetchedAt: number;
  fromCache: boolean;
}

/** The cache fields of a list outcome or of a list's state, when the server sent any. */
export function cacheInfoOf(list: { hints?: ListCacheHints | undefined; fetchedAt?: number | undefined; fromCache?: boolean | undefined }): ListCacheInfo | undefined {
  return list.hints && list.fetchedAt !== undefined ? { hints: list.hints, fetchedAt: list.fetchedAt, fromCache: list.fromCache === true } : undefined;
}
