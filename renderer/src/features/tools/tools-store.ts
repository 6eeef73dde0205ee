import { create } from 'zustand';
import type { RpcOutcome, SchemaViolation, ToolInfo } from '../../../../shared/mcp';
import { errorMessage } from '../../bridge/bridge-error';
import type { Bridge } from '../../bridge/types';

export interface ServerTools {
  /** The connection the list belongs to; a new connection means a new list. */
  connectionId: string;
  status: 'loading' | 'loaded' | 'failed';
  items: ToolInfo[];
  pages: number;
  violations: SchemaViolation[];
  error?: string;
}

export interface ToolRun {
  callId: string;
  toolName: string;
  startedAt: number;
  status: 'running' | 'done';
  outcome?: RpcOutcome;
  /** The bridge rejected the call itself (e.g. the host went away). */
  error?: string;
}

interface ToolsState {
  byServer: Record<string, ServerTools>;
  /** serverId → the selected tool's name. */
  selectedTool: Record<string, string>;
  /** toolKey → the arguments text the user typed. */
  drafts: Record<string, string>;
  /** toolKey → the latest run. */
  runs: Record<string, ToolRun>;

  load(api: Bridge, serverId: string, connectionId: string): Promise<void>;
  selectTool(serverId: string, toolName: string | null): void;
  setDraft(serverId: string, toolName: string, text: string): void;
  run(api: Bridge, serverId: string, toolName: string, args: Record<string, unknown>): Promise<void>;
  cancel(api: Bridge, serverId: string, toolName: string): Promise<void>;
}

export function toolKey(serverId: string, toolName: string): string {
  return `${serverId}\u0000${toolName}`;
}

export const useToolsStore = create<ToolsState>()((set, get) => ({
  byServer: {},
  selectedTool: {},
  drafts: {},
  runs: {},

  load: async (api, serverId, connectionId) => {
    const previous = get().byServer[serverId];
    set((state) => ({
      byServer: {
        ...state.byServer,
        [serverId]: {
          connectionId,
          status: 'loading',
          // Keep showing the old list while a refresh of the same connection loads.
          items: previous?.connectionId === connectionId ? previous.items : [],
          pages: 0,
          violations: [],
        },
      },
    }));
    const stillCurrent = () => get().byServer[serverId]?.connectionId === connectionId;
    try {
      const outcome = await api.invoke('tools.list', { serverId });
      if (!stillCurrent()) return;
      set((state) => ({
        byServer: {
          ...state.byServer,
          [serverId]: {
            connectionId,
            status: 'loaded',
            items: outcome.items,
            pages: outcome.pages,
            violations: outcome.violations,
          },
        },
      }));
    } catch (error) {
      if (!stillCurrent()) return;
      set((state) => ({
        byServer: {
          ...state.byServer,
          [serverId]: { connectionId, status: 'failed', items: [], pages: 0, violations: [], error: errorMessage(error) },
        },
      }));
    }
  },

  selectTool: (serverId, toolName) =>
    set((state) => {
      const selectedTool = { ...state.selectedTool };
      if (toolName === null) delete selectedTool[serverId];
      else selectedTool[serverId] = toolName;
      return { selectedTool };
    }),

  setDraft: (serverId, toolName, text) =>
    set((state) => ({ drafts: { ...state.drafts, [toolKey(serverId, toolName)]: text } })),

  run: async (api, serverId, toolName, args) => {
    const key = toolKey(serverId, toolName);
    const callId = crypto.randomUUID();
    const started: ToolRun = { callId, toolName, startedAt: Date.now(), status: 'running' };
    set((state) => ({ runs: { ...state.runs, [key]: started } }));
    const finish = (patch: Partial<ToolRun>) =>
      set((state) =>
        state.runs[key]?.callId === callId
          ? { runs: { ...state.runs, [key]: { ...started, ...patch, status: 'done' } } }
          : state,
      );
    try {
      const outcome = await api.invoke('tools.call', { serverId, name: toolName, arguments: args, callId });
      finish({ outcome });
    } catch (error) {
      finish({ error: errorMessage(error) });
    }
  },

  cancel: async (api, serverId, toolName) => {
    const run = get().runs[toolKey(serverId, toolName)];
    if (run?.status !== 'running') return;
    try {
      await api.invoke('calls.cancel', { callId: run.callId, reason: 'Cancelled by the user' });
    } catch (error) {
      console.warn('Cancel failed', error);
    }
  },
}));
