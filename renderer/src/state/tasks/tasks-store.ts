import { create } from 'zustand';
import type { TaskInfo } from '../../../../shared/tasks';
import { errorMessage } from '../../bridge/bridge-error';
import { getApi } from '../../bridge/api';

interface TasksState {
  /** serverId → taskId → task, in the order they were first seen. */
  byServer: Record<string, Record<string, TaskInfo>>;
  /** serverId → why the last listing failed. */
  listErrors: Record<string, string>;
  apply: (task: TaskInfo) => void;
  load: (serverId: string) => Promise<void>;
  cancel: (serverId: string, taskId: string) => Promise<void>;
}

export const useTasksStore = create<TasksState>()((set, get) => ({
  byServer: {},
  listErrors: {},

  apply: (task) =>
    set((state) => ({ byServer: { ...state.byServer, [task.serverId]: { ...state.byServer[task.serverId], [task.taskId]: task } } })),

  load: async (serverId) => {
    try {
      const tasks = await getApi().invoke('tasks.list', { serverId });
      for (const task of tasks) get().apply(task);
      set((state) => {
        const listErrors = { ...state.listErrors };
        delete listErrors[serverId];
        return { listErrors };
      });
    } catch (error) {
      set((state) => ({ listErrors: { ...state.listErrors, [serverId]: errorMessage(error) } }));
    }
  },

  cancel: async (serverId, taskId) => {
    try {
      await getApi().invoke('tasks.cancel', { serverId, taskId });
    } catch (error) {
      set((state) => ({ listErrors: { ...state.listErrors, [serverId]: `Cancel failed: ${errorMessage(error)}` } }));
    }
  },
}));

/** The task a running tool call created, if it runs as one. */
export function taskOfCall(byServer: TasksState['byServer'], serverId: string, callId: string): TaskInfo | undefined {
  return Object.values(byServer[serverId] ?? {}).find((task) => task.callId === callId);
}
