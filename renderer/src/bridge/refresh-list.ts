import type { LoupeApi } from '../../../shared/contract';
import type { ListName } from '../../../shared/lists';

/**
 * Asks the core to fetch a server's list again; the new state arrives as `lists.changed`, a failed
 * fetch included. It can only be refused when the server is no longer connected, which the panel
 * already shows, so a refusal is not reported twice.
 */
export async function refreshList(api: Pick<LoupeApi, 'invoke'>, serverId: string, name: ListName, force = false): Promise<void> {
  try {
    await api.invoke('lists.refresh', { serverId, name, ...(force ? { force } : {}) });
  } catch {
    // Not connected any more: see above.
  }
}
