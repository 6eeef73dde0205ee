import { useCallback, useEffect, useState } from 'react';
import type { TrafficListFilter } from '../../../../shared/traffic';
import { CoreFilteredTraffic } from '../../state/traffic/filtered-traffic';
import { liveTraffic, loadOlderTraffic, useLiveTrafficStore } from '../../state/traffic/live-traffic';
import type { TrafficSession } from '../../state/traffic/traffic-session';

/** Typing settles for this long before the core is asked to filter what the window has not loaded. */
const CORE_FILTER_DELAY_MS = 200;

export interface ShownTraffic {
  session: TrafficSession;
  /** Loads the next older page of what is shown (no-op when there is none). */
  loadOlder: () => void;
  /** Older rows may be had by loading (scrolling up does). */
  olderToLoad: boolean;
}

/**
 * The session the traffic panel shows: an opened record; else the live log; or, while a filter is
 * on and the core keeps entries the window has not loaded, the rows the core's run of that filter
 * found (the live log's own matches show until the core's first page is in).
 */
export function useShownTraffic(imported: TrafficSession | null, filter: TrafficListFilter | null): ShownTraffic {
  const olderKept = useLiveTrafficStore((state) => state.olderKept);
  const maxEntries = useLiveTrafficStore((state) => state.maxEntries);
  const [started, setStarted] = useState<{ key: string; traffic: CoreFilteredTraffic; ready: boolean } | null>(null);
  const [, setRevision] = useState(0);
  const wanted = filter && olderKept && !imported ? JSON.stringify(filter) : null;

  useEffect(() => {
    if (wanted === null) return;
    let traffic: CoreFilteredTraffic | null = null;
    const timer = setTimeout(() => {
      const mine = new CoreFilteredTraffic(JSON.parse(wanted) as TrafficListFilter, maxEntries, () => setRevision((revision) => revision + 1));
      traffic = mine;
      setStarted({ key: wanted, traffic: mine, ready: false });
      mine.start().then(
        () => setStarted((current) => (current?.traffic === mine ? { ...current, ready: true } : current)),
        // The live log's own matches stay shown; scrolling up loads older pages of it instead.
        () => setStarted((current) => (current?.traffic === mine ? null : current)),
      );
    }, CORE_FILTER_DELAY_MS);
    return () => {
      clearTimeout(timer);
      traffic?.dispose();
    };
  }, [wanted, maxEntries]);

  // A filter that changed (or went) leaves the old core run behind: it is shown no more.
  const core = started?.ready && started.key === wanted ? started.traffic : null;
  const loadOlder = useCallback(() => {
    // A page that could not be had is asked for again at the next scroll; a lost link shows its own banner.
    const ignore = () => {};
    if (core) core.loadOlder().catch(ignore);
    else if (!imported) loadOlderTraffic().catch(ignore);
  }, [core, imported]);
  if (imported) return { session: imported, loadOlder, olderToLoad: false };
  if (core) return { session: core.session, loadOlder, olderToLoad: core.more };
  return { session: liveTraffic, loadOlder, olderToLoad: olderKept };
}
