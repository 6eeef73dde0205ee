import type { EventName, EventPayload } from '../../../shared/contract.js';
import type { ListKind } from '../../../shared/mcp.js';
import type { TrafficEntry } from '../../../shared/traffic.js';

const LIST_CHANGED: Record<string, ListKind> = {
  'notifications/tools/list_changed': 'tools',
  'notifications/resources/list_changed': 'resources',
  'notifications/prompts/list_changed': 'prompts',
};

type Emit = <E extends EventName>(name: E, payload: EventPayload<E>) => void;

/**
 * Turns recorded server notifications into what reacts to them: a `list_changed` goes to the
 * core's list state, a resource update becomes an event for the window.
 */
export function watchServerNotifications(
  emit: Emit,
  onListChanged: (serverId: string, connectionId: string, list: ListKind) => void,
): (entry: TrafficEntry) => void {
  return (entry) => {
    if (entry.kind !== 'notification' || entry.direction !== 'in' || !entry.method) return;
    const list = LIST_CHANGED[entry.method];
    if (list) {
      onListChanged(entry.serverId, entry.connectionId, list);
      return;
    }
    if (entry.method === 'notifications/resources/updated') {
      const uri = (entry.message as { params?: { uri?: unknown } } | undefined)?.params?.uri;
      if (typeof uri === 'string') emit('mcp.resourceUpdated', { serverId: entry.serverId, uri });
    }
  };
}
