import type { Bridge } from '../bridge/types';
import { errorMessage } from '../bridge/bridge-error';
import { listAllTraffic } from '../bridge/traffic-pages';
import { useConnectionsStore } from '../features/connections';
import { useNoticesStore } from '../features/notices';
import { useServersStore } from '../features/servers';
import { useTrafficStore } from '../features/traffic';
import { useAppInfoStore } from './app-info-store';
import { startAppCommands } from './app-commands';
import { startFeatureSyncs } from './feature-syncs';

/**
 * Keeps the stores in step with the core: applies every event as it arrives and loads the
 * whole state each time the link opens (at start-up and after a reconnect, since events
 * may have been missed while it was down). Returns a function that stops it.
 */
export function startSync(api: Bridge): () => void {
  const stops = [
    api.on('servers.changed', (servers) => useServersStore.getState().applyChanged(servers)),
    api.on('connections.changed', (connection) => useConnectionsStore.getState().apply(connection)),
    api.on('traffic.appended', (entries) => useTrafficStore.getState().append(entries)),
    api.on('traffic.outcomes', (updates) => useTrafficStore.getState().applyOutcomes(updates)),
    api.on('traffic.cleared', () => useTrafficStore.getState().clear()),
    api.on('app.notice', (notice) => useNoticesStore.getState().add(notice)),
    ...startFeatureSyncs(api),
    startAppCommands(api),
  ];

  let wasOpen = false;
  const onLink = () => {
    const link = api.getLinkState();
    const open = link.status === 'open';
    if (open && !wasOpen) void loadAll(api);
    if (link.status === 'core-down' && link.core.state === 'stopped') useConnectionsStore.getState().endAll(link.core.reason);
    wasOpen = open;
  };
  stops.push(api.onLinkStateChange(onLink));
  onLink();

  return () => {
    for (const stop of stops) stop();
  };
}

async function loadAll(api: Bridge): Promise<void> {
  const serversRevision = useServersStore.getState().revision;
  const lastSeq = useTrafficStore.getState().buffer.lastSeq;
  const results = await Promise.allSettled([
    api.invoke('app.info').then((info) => {
      useAppInfoStore.getState().setInfo(info);
      useNoticesStore.getState().applyListed(info.notices);
    }),
    api.invoke('servers.list').then((servers) => useServersStore.getState().applyListed(servers, serversRevision)),
    api.invoke('connections.list').then((states) => useConnectionsStore.getState().applyListed(states)),
    listAllTraffic(api).then((page) => useTrafficStore.getState().applyListed(page, lastSeq)),
  ]);
  // A lost link already shows its own banner; only report failures of a working link.
  if (api.getLinkState().status !== 'open') return;
  const failures = results.filter((result) => result.status === 'rejected');
  if (failures.length > 0) {
    useNoticesStore.getState().addLocal('error', `Could not load the app state: ${errorMessage(failures[0]!.reason)}`);
  }
}
