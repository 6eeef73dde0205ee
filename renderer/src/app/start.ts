import { startDraftsSync } from '../features/approvals';
import { startCollectionsSync } from '../features/collections';
import { startChatSync } from '../features/chat';
import { startLogsSync, useLogsStore } from '../features/logs';
import { startResourcesSync } from '../features/resources';
import { startToolsSync } from '../features/tools';
import { startStateSync } from '../state/sync';
import { useLiveTrafficStore } from '../state/traffic/live-traffic';
import { startAppCommands } from './app-commands';
import { wireFeatures } from './wiring';

/** The Logs tab keeps as many messages as the traffic log's Keep setting. */
function followTrafficRetention(): () => void {
  useLogsStore.getState().setCapacity(useLiveTrafficStore.getState().maxEntries);
  return useLiveTrafficStore.subscribe((state) => useLogsStore.getState().setCapacity(state.maxEntries));
}

/**
 * Starts the window once the bridge is connected (main.tsx): the features' slots, the mirrors of
 * the core's state, each feature's own subscriptions, and the desktop menu's commands. Returns a
 * function that stops them.
 */
export function startApp(): () => void {
  wireFeatures();
  const stops = [startStateSync(), startToolsSync(), startResourcesSync(), startLogsSync(), startDraftsSync(), startCollectionsSync(), startChatSync(), followTrafficRetention(), startAppCommands()];
  return () => {
    for (const stop of stops) stop();
  };
}
