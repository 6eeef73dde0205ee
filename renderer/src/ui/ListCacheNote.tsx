import { formatDuration } from './format';
import type { ListCacheInfo } from './list-cache';
import { useNow } from './use-now';

/**
 * A list's cache fields as the server sent them, whether the last refresh was served from the
 * core's cache, and a way to fetch the list again regardless.
 */
export function ListCacheNote({ cache, what, onForceRefresh, disabled }: { cache: ListCacheInfo; what: string; onForceRefresh: () => void; disabled: boolean }) {
  const now = useNow(true, 1_000);
  const { ttlMs, cacheScope, resultType } = cache.hints;
  const age = formatDuration(Math.max(0, now - cache.fetchedAt));
  const freshFor = ttlMs !== undefined && ttlMs > 0 ? ttlMs - (now - cache.fetchedAt) : 0;
  return (
    <p className="list-cache" role="note" aria-label={`Cache hints for ${what}`}>
      <span>
        ttlMs <code>{ttlMs ?? '—'}</code> · cacheScope <code>{cacheScope ?? '—'}</code> · resultType <code>{resultType ?? '—'}</code>
      </span>
      <span className="muted">
        {cache.fromCache ? `Served from cache, fetched ${age} ago.` : `Fetched ${age} ago.`}{' '}
        {freshFor > 0 ? `Refresh uses the cache for ${formatDuration(freshFor)} more.` : 'Refresh asks the server.'}
      </span>
      <button type="button" className="button button--small" disabled={disabled} onClick={onForceRefresh}>
        Force refresh
      </button>
    </p>
  );
}
