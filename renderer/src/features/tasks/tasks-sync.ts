import type { Bridge } from '../../bridge/types';
import { useTasksStore } from './tasks-store';

/** Keeps the tasks store in step with the core's `tasks.changed` events. Returns a function that stops it. */
export function startTasksSync(api: Bridge): () => void {
  return api.on('tasks.changed', (task) => useTasksStore.getState().apply(task));
}
