import type { EventName, EventPayload } from '../../../shared/contract.js';
import type { ListKind } from '../../../shared/mcp.js';
import type { TrafficEntry } from '../../../shared/traffic.js';

const LIST_CHANGED: Record<string, ListKind> = {
  'notifications/tools/list_changed': 'tools',
  'notifications/resources/list_changed': 'resources',
  'notifications/prompts/list_changed': 'prompts',
};

type Emit = <E extends EventName>(name: E, payload: EventPayload<E>) => void;

/** Turns recorded server notifications the UI reacts to into core events. */
export function watchServerNotifications(emit: Emit): (entry: TrafficEntry) => void {
  return (entry) => {
    if (entry.kind !== 'notification' || entry.direction !== 'in' || !entry.method) return;
    const list = LIST_CHANGED[entry.method];
    if (list) {
      emit('mcp.listChanged', { serverId: entry.serverId, list });
      return;
    }
    if (entry.method === 'notifications/resources/updated') {
      const uri = (entry.message as { params?: { uri?: unknown } } | undefined)?.params?.uri;
      if (typeof uri === 'string') emit('mcp.resourceUpdated', { serverId: entry.serverId, uri });
    }
  };
}
