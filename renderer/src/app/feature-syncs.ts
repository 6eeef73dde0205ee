import type { Bridge } from '../bridge/types';
import { startAuthSync } from '../features/auth/auth-sync';
import { startApprovalsSync } from '../features/approvals/approvals-sync';
import { startLogsSync } from '../features/logs/logs-sync';
import { usePromptsStore } from '../features/prompts/prompts-store';
import { startResourcesSync } from '../features/resources/resources-sync';
import { startTasksSync } from '../features/tasks/tasks-sync';
import { startToolsSync } from '../features/tools/tools-sync';
import { startListsMirror } from './lists-mirror';
import { useLogsStore } from '../features/logs/logs-store';
import { useTrafficStore } from '../features/traffic/traffic-store';

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
