import type { Bridge } from '../bridge/types';
import { startAuthSync } from '../features/auth';
import { startApprovalsSync } from '../features/approvals';
import { startLogsSync, useLogsStore } from '../features/logs';
import { usePromptsStore } from '../features/prompts';
import { startResourcesSync } from '../features/resources';
import { startTasksSync } from '../features/tasks';
import { startToolsSync } from '../features/tools';
import { startListsMirror } from './lists-mirror';
import { useTrafficStore } from '../features/traffic';

/** The Logs tab keeps as many messages as the traffic log's Keep setting. */
function followTrafficRetention(): () => void {
  useLogsStore.getState().setCapacity(useTrafficStore.getState().maxEntries);
  return useTrafficStore.subscribe((state) => useLogsStore.getState().setCapacity(state.maxEntries));
}

/** Each feature's own subscription to core events; one line per feature. */
export function startFeatureSyncs(api: Bridge): Array<() => void> {
  usePromptsStore.getState().attach(api);
  return [startListsMirror(api), startToolsSync(api), startResourcesSync(api), startApprovalsSync(api), startLogsSync(api), startTasksSync(api), startAuthSync(api), followTrafficRetention()];
}
