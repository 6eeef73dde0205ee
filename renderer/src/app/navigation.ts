/**
 * The moves between tabs and panels: a feature never imports another to move the person; it
 * calls the move through its slots, which app/wiring.ts fills from here.
 */
import type { JsonObject } from '../../../shared/mcp';
import { useResourcesStore } from '../features/resources';
import { runToolAgain } from '../features/tools';
import { useTrafficPanelStore } from '../features/traffic';
import { useProxyStore } from '../state/proxy/proxy-store';
import { useServersStore } from '../state/servers';
import { loadTrafficThrough } from '../state/traffic/live-traffic';
import { useWorkspaceStore, type WorkspaceTab } from './workspace-store';

export function showTab(tab: WorkspaceTab): void {
  useWorkspaceStore.getState().setTab(tab);
}

/** Selects a traffic entry and opens its detail; an entry older than the loaded pages is loaded first. */
export function showTraffic(seq: number): void {
  const panel = useTrafficPanelStore.getState();
  panel.select(seq, true);
  if (!panel.imported) void loadTrafficThrough(seq).catch(() => {});
}

/**
 * Shows only one serverId's traffic in the live log (a proxied session's, selected in the Servers
 * list); the filter goes again when the session is no longer selected (`followProxySelection`).
 */
export function showServerTraffic(serverId: string): void {
  const panel = useTrafficPanelStore.getState();
  if (panel.imported) panel.setImported(null);
  // A proxied session's serverId is `proxy-` and letters and digits: no quoting needed.
  panel.setAppFilter(`server:${serverId}`);
}

/** When the person leaves a proxied session (selects a server), the filter the app set for it goes; one they typed stays. */
export function followProxySelection(): () => void {
  return useProxyStore.subscribe((state, previous) => {
    if (previous.selectedSessionId !== null && state.selectedSessionId !== previous.selectedSessionId) useTrafficPanelStore.getState().dropAppFilter();
  });
}

/** Switches to the Tools tab on the server and runs the tool again with these arguments. */
export function runToolOnServer(serverId: string, tool: string, args: JsonObject): Promise<void> {
  showTab('Tools');
  const servers = useServersStore.getState();
  if (servers.selectedServerId !== serverId) servers.select(serverId);
  return runToolAgain(serverId, tool, args);
}

/** Switches to the Resources tab, selects the server and the resource (even one not in the list), and reads it. */
export function openResource(serverId: string, uri: string): void {
  showTab('Resources');
  const servers = useServersStore.getState();
  if (servers.selectedServerId !== serverId) servers.select(serverId);
  useResourcesStore.getState().openResource(serverId, uri);
}
