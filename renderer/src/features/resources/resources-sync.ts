import type { Bridge } from '../../bridge/types';
import { useResourcesStore } from './resources-store';

/**
 * The Resources feature's own events (its lists are mirrored with the others, see
 * app/lists-mirror.ts): marks subscribed resources the server says were updated. Returns a stop function.
 */
export function startResourcesSync(api: Bridge): () => void {
  const store = () => useResourcesStore.getState();
  store().attach(api);
  const stopUpdated = api.on('mcp.resourceUpdated', ({ serverId, uri }) => store().markUpdated(serverId, uri));
  return () => {
    stopUpdated();
    if (store().api === api) store().attach(null);
  };
}
