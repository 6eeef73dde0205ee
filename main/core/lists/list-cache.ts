import type { ListKind, ListOutcome } from '../../../shared/mcp.js';

/** A server cannot pin a list for longer than this (the SDK's own bound). */
export const MAX_LIST_TTL_MS = 24 * 60 * 60 * 1000;

const METHODS_OF: Record<ListKind, readonly string[]> = {
  tools: ['tools/list'],
  prompts: ['prompts/list'],
  resources: ['resources/list', 'resources/templates/list'],
};

/**
 * One connection's lists, kept while the server's `ttlMs` says they are fresh. A refresh inside
 * that time is served from here (and says so); a forced refresh or a change notification fetches again.
 */
export class ListCache {
  private readonly entries = new Map<string, ListOutcome<unknown>>();

  fresh<T>(method: string, now = Date.now()): ListOutcome<T> | undefined {
    const entry = this.entries.get(method);
    const ttl = Math.min(entry?.hints?.ttlMs ?? 0, MAX_LIST_TTL_MS);
    if (!entry || !(ttl > 0) || now - entry.fetchedAt >= ttl) return undefined;
    return { ...(entry as ListOutcome<T>), fromCache: true };
  }

  /** The last fetched list, fresh or not. */
  peek<T>(method: string): ListOutcome<T> | undefined {
    return this.entries.get(method) as ListOutcome<T> | undefined;
  }

  store(method: string, outcome: ListOutcome<unknown>): void {
    this.entries.set(method, outcome);
  }

  invalidate(list: ListKind): void {
    for (const method of METHODS_OF[list]) this.entries.delete(method);
  }
}
