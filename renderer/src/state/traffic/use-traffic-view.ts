import { useLayoutEffect, useMemo, useSyncExternalStore } from 'react';
import type { RowFilter } from '../../../../shared/filter/traffic-filter';
import type { TrafficSession } from './traffic-session';
import { MATCH_ALL, TrafficView } from './traffic-view';

/** A new filter gets this long at once (usually enough for 100,000 entries); the rest runs per frame. */
const FIRST_SLICE_MS = 40;

/** Re-renders once per frame in which the session changed; returns its version. */
export function useSessionVersion(session: TrafficSession): number {
  return useSyncExternalStore(session.subscribe, session.getVersion);
}

/** A view of the session's rows through `filter`, kept up to date for as long as the component lives. */
export function useTrafficView(session: TrafficSession, filter: RowFilter = MATCH_ALL): TrafficView {
  const view = useMemo(() => new TrafficView(session.log), [session]);
  // Both layout effects, in this order: the view is attached before its filter is applied.
  useLayoutEffect(() => session.addView(view), [session, view]);
  useLayoutEffect(() => {
    view.setFilter(filter);
    view.sync(performance.now() + FIRST_SLICE_MS);
    session.changed();
    session.schedule();
  }, [session, view, filter]);
  return view;
}
