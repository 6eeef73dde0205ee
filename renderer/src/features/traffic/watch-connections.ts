import type { StoreApi, UseBoundStore } from 'zustand';
import type { ConnectionState } from '../../../../shared/connection';
import type { TrafficSession } from './traffic-session';

type ConnectionsStore = UseBoundStore<StoreApi<{ byServer: Record<string, ConnectionState> }>>;

/**
 * Tells the session which connections have ended, so their unanswered requests show
 * "no response" instead of a timer that never stops. Returns the function that stops watching.
 */
export function watchClosedConnections(connections: ConnectionsStore, session: TrafficSession): () => void {
  const apply = (byServer: Record<string, ConnectionState>) => {
    const ended: string[] = [];
    for (const state of Object.values(byServer)) {
      if (state.connectionId && state.status !== 'connecting' && state.status !== 'connected') ended.push(state.connectionId);
    }
    const before = session.log.statusEpoch;
    session.log.setClosedConnections(ended);
    if (session.log.statusEpoch !== before) {
      session.changed();
      session.schedule();
    }
  };
  apply(connections.getState().byServer);
  return connections.subscribe((state) => apply(state.byServer));
}
