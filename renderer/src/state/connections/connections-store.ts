import { create } from 'zustand';
import type { ConnectionState, ConnectionStatus } from '../../../../shared/connection';

interface ConnectionsState {
  byServer: Record<string, ConnectionState>;
  apply: (state: ConnectionState) => void;
  /** Applies a `connections.list` result, keeping any state an event made newer meanwhile. */
  applyListed: (states: ConnectionState[]) => void;
  /** The core's process died, and every connection it held with it. */
  endAll: (reason: string) => void;
}

export const useConnectionsStore = create<ConnectionsState>()((set) => ({
  byServer: {},
  apply: (connection) =>
    set((state) => ({ byServer: { ...state.byServer, [connection.serverId]: connection } })),
  applyListed: (states) =>
    set((state) => {
      const byServer: Record<string, ConnectionState> = {};
      for (const listed of states) {
        const current = state.byServer[listed.serverId];
        byServer[listed.serverId] = current && current.since > listed.since ? current : listed;
      }
      return { byServer };
    }),
  endAll: (reason) =>
    set((state) => {
      const since = Date.now();
      const byServer: Record<string, ConnectionState> = {};
      for (const [serverId, connection] of Object.entries(state.byServer)) {
        byServer[serverId] = isActive(connection.status)
          ? { ...connection, status: 'failed', since, failure: { message: "Loupe's core stopped, and this connection with it.", code: 'unknown', detail: reason } }
          : connection;
      }
      return { byServer };
    }),
}));

export function statusOf(connection: ConnectionState | undefined): ConnectionStatus {
  return connection?.status ?? 'idle';
}

/** Statuses in which the next useful action is to disconnect rather than connect. */
export function isActive(status: ConnectionStatus): boolean {
  return status === 'connecting' || status === 'connected';
}

export function useConnection(serverId: string | null | undefined): ConnectionState | undefined {
  return useConnectionsStore((state) => (serverId ? state.byServer[serverId] : undefined));
}

/**
 * Applies a state returned by a request, unless an event already brought the same state or a newer
 * one. The core emits each state before it answers, so a state of the same moment (`since`) that
 * an event brought is as new or newer: a change stream that opened meanwhile, for one.
 */
export function applyConnectionResult(connection: ConnectionState): void {
  const current = useConnectionsStore.getState().byServer[connection.serverId];
  if (!current || current.since < connection.since) useConnectionsStore.getState().apply(connection);
}
