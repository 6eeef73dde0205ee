import { getApi } from '../../bridge/api';
import { useTasksStore } from './tasks-store';

/** Keeps the tasks store in step with the core's `tasks.changed` events. Returns a function that stops it. */
export function startTasksSync(): () => void {
  return getApi().on('tasks.changed', (task) => useTasksStore.getState().apply(task));
}
