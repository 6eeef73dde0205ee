import type { ListOutcome } from '../../../shared/mcp.js';
import type { Connection } from '../connections/connection.js';
import { fetchAllPages } from './fetch-all-pages.js';
import type { ListCache } from './list-cache.js';

/** A whole list: from the connection's cache while the server says it is fresh, unless forced. */
export async function loadList<T>(
  connection: Connection,
  cache: ListCache,
  method: string,
  itemsKey: string,
  toView: (raw: unknown) => T,
  force: boolean,
): Promise<ListOutcome<T>> {
  const cached = force ? undefined : cache.fresh<T>(method);
  if (cached) return cached;
  const outcome = await fetchAllPages(connection, method, itemsKey, toView);
  cache.store(method, outcome);
  return outcome;
}
