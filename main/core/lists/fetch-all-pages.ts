import type { ListCacheHints, ListOutcome, SchemaViolation } from '../../../shared/mcp.js';
import { LoupeError } from '../../../shared/wire.js';
import type { Connection } from '../connections/connection.js';

const METHOD_NOT_FOUND = -32601;

/**
 * The server answered the list's method with "method not found" although it announced the
 * capability (many servers do so for resources/templates/list): it offers none, which is not a failure.
 */
export class ListNotOffered extends LoupeError {
  constructor(method: string) {
    super(`The server does not answer ${method} (method not found), so it offers none.`, 'not-offered');
    this.name = 'ListNotOffered';
  }
}

/** A guard against servers whose cursors never end. */
const MAX_PAGES = 1_000;

/** Follows `nextCursor` until the list is complete. */
export async function fetchAllPages<T>(
  connection: Connection,
  method: string,
  itemsKey: string,
  toView: (raw: unknown) => T,
): Promise<ListOutcome<T>> {
  const items: T[] = [];
  const violations: SchemaViolation[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  let hints: ListCacheHints | undefined;
  const fetchedAt = Date.now();
  do {
    const outcome = await connection.request(method, cursor === undefined ? undefined : { cursor });
    pages++;
    if (outcome.failure) {
      if (pages === 1 && outcome.failure.code === METHOD_NOT_FOUND) throw new ListNotOffered(method);
      throw new LoupeError(`${method} failed on page ${pages}: ${outcome.failure.message}`, outcome.failure.kind);
    }
    violations.push(...outcome.violations.map((v) => (pages > 1 ? { ...v, path: `page ${pages}: ${v.path}` } : v)));
    const result = (outcome.result ?? {}) as Record<string, unknown>;
    if (pages === 1) hints = readCacheHints(result);
    const pageItems = result[itemsKey];
    if (Array.isArray(pageItems)) items.push(...pageItems.map(toView));
    const next = result.nextCursor;
    cursor = typeof next === 'string' && next !== '' ? next : undefined;
    if (cursor !== undefined && seenCursors.has(cursor)) {
      violations.push({ path: '/nextCursor', message: `The server repeated the cursor "${cursor}"; stopped after page ${pages}.` });
      cursor = undefined;
    }
    if (cursor !== undefined) seenCursors.add(cursor);
  } while (cursor !== undefined && pages < MAX_PAGES);
  return { items, pages, violations, fetchedAt, ...(hints ? { hints } : {}) };
}

/** The cache fields of a result, when it has any (2026-07-28 results do; 2025 ones do not). */
function readCacheHints(result: Record<string, unknown>): ListCacheHints | undefined {
  const hints: ListCacheHints = {
    ...(typeof result.ttlMs === 'number' ? { ttlMs: result.ttlMs } : {}),
    ...(typeof result.cacheScope === 'string' ? { cacheScope: result.cacheScope } : {}),
    ...(typeof result.resultType === 'string' ? { resultType: result.resultType } : {}),
  };
  return Object.keys(hints).length > 0 ? hints : undefined;
}
