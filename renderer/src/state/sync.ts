import { getApi } from '../bridge/api';
import { errorMessage } from '../bridge/bridge-error';
import { useAppInfoStore } from './app-info';
import { startApprovalsSync } from './approvals/approvals-sync';
import { startAuthSync } from './auth/auth-sync';
import { startCollectionSync } from './collections/collection-store';
import { useConnectionsStore } from './connections/connections-store';
import { startListsMirror } from './lists/lists-mirror';
import { startModelsSync } from './models/models-sync';
import { useNoticesStore } from './notices';
import { startProxySync } from './proxy/proxy-sync';
import { useServersStore } from './servers';
import { startTasksSync } from './tasks/tasks-sync';
import { loadLiveTraffic, useLiveTrafficStore } from './traffic/live-traffic';

/**
 * Keeps the window's mirrors of the core in step with it: applies every event as it arrives and
 * loads the whole state each time the link opens (at start-up and after a reconnect, since events
 * may have been missed while it was down). Returns a function that stops it.
 */
export function startStateSync(): () => void {
  const api = getApi();
  const traffic = () => useLiveTrafficStore.getState();
  const stops = [
    api.on('servers.changed', (servers) => useServersStore.getState().applyChanged(servers)),
    api.on('connections.changed', (connection) => useConnectionsStore.getState().apply(connection)),
    api.on('traffic.appended', (entries) => traffic().append(entries)),
    api.on('traffic.outcomes', (updates) => traffic().applyOutcomes(updates)),
    api.on('traffic.cleared', () => traffic().clear()),
    api.on('app.notice', (notice) => useNoticesStore.getState().add(notice)),
    startListsMirror(),
    startApprovalsSync(),
    startTasksSync(),
    startAuthSync(),
    startCollectionSync(),
    startModelsSync(),
    startProxySync(),
  ];

  let wasOpen = false;
  const onLink = () => {
    const link = api.getLinkState();
    const open = link.status === 'open';
    if (open && !wasOpen) void loadAll();
    if (link.status === 'core-down' && link.core.state === 'stopped') useConnectionsStore.getState().endAll(link.core.reason);
    wasOpen = open;
  };
  stops.push(api.onLinkStateChange(onLink));
  onLink();

  return () => {
    for (const stop of stops) stop();
  };
}

async function loadAll(): Promise<void> {
  const api = getApi();
  const serversRevision = useServersStore.getState().revision;
  const results = await Promise.allSettled([
    api.invoke('app.info').then((info) => {
      useAppInfoStore.getState().setInfo(info);
      useNoticesStore.getState().applyListed(info.notices);
    }),
    api.invoke('servers.list').then((servers) => useServersStore.getState().applyListed(servers, serversRevision)),
    api.invoke('connections.list').then((states) => useConnectionsStore.getState().applyListed(states)),
    loadLiveTraffic(),
  ]);
  // A lost link already shows its own banner; only report failures of a working link.
  if (api.getLinkState().status !== 'open') return;
  const failures = results.filter((result) => result.status === 'rejected');
  if (failures.length > 0) {
    useNoticesStore.getState().addLocal('error', `Could not load the app state: ${errorMessage(failures[0]!.reason)}`);
  }
}
