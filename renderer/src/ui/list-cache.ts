import type { ListCacheHints, ListOutcome } from '../../../shared/mcp';

/** What the UI shows about a list's cache fields (2026-07-28 lists carry them). */
export interface ListCacheInfo {
  hints: ListCacheHints;
  fetchedAt: number;
  fromCache: boolean;
}

export function cacheInfoOf(outcome: ListOutcome<unknown>): ListCacheInfo | undefined {
  return outcome.hints ? { hints: outcome.hints, fetchedAt: outcome.fetchedAt, fromCache: outcome.fromCache === true } : undefined;
}
