import { create } from 'zustand';
import { withServerEntry, type ConnectionList } from '../../../../shared/lists';
import type { PromptInfo, RpcOutcome } from '../../../../shared/mcp';
import { errorMessage } from '../../bridge/bridge-error';
import type { Bridge } from '../../bridge/types';

export interface PromptGet {
  /** Tells a newer get of the same prompt from an older one still under way. */
  getId: string;
  status: 'getting' | 'done';
  startedAt: number;
  /** The arguments it was sent with. */
  arguments: Record<string, string>;
  outcome?: RpcOutcome;
  /** The bridge or the core refused the request itself (e.g. the host went away). */
  error?: string;
}

interface PromptsState {
  /** Set by the sync at start-up. */
  api: Bridge | null;
  /** Mirrored from the core's list state (see app/lists-mirror.ts). */
  byServer: Record<string, ConnectionList<PromptInfo>>;
  /** serverId → the selected prompt's name. */
  selected: Record<string, string>;
  /** promptKey → the argument values the user typed. */
  argumentValues: Record<string, Record<string, string>>;
  /** promptKey → the latest prompts/get. */
  gets: Record<string, PromptGet>;

  attach(api: Bridge | null): void;
  setList(serverId: string, list: ConnectionList<PromptInfo> | undefined): void;
  select(serverId: string, name: string | null): void;
  setArgument(serverId: string, promptName: string, argumentName: string, value: string): void;
  get(serverId: string, promptName: string, args: Record<string, string>): Promise<void>;
}

export function promptKey(serverId: string, name: string): string {
  return `${serverId}\u0000${name}`;
}

export const usePromptsStore = create<PromptsState>()((set, get) => ({
  api: null,
  byServer: {},
  selected: {},
  argumentValues: {},
  gets: {},

  attach: (api) => set({ api }),

  setList: (serverId, list) => set((state) => ({ byServer: withServerEntry(state.byServer, serverId, list) })),

  select: (serverId, name) =>
    set((state) => {
      const selected = { ...state.selected };
      if (name === null) delete selected[serverId];
      else selected[serverId] = name;
      return { selected };
    }),

  setArgument: (serverId, promptName, argumentName, value) =>
    set((state) => {
      const key = promptKey(serverId, promptName);
      return { argumentValues: { ...state.argumentValues, [key]: { ...state.argumentValues[key], [argumentName]: value } } };
    }),

  get: async (serverId, promptName, args) => {
    const api = get().api;
    if (!api) return;
    const key = promptKey(serverId, promptName);
    const getId = crypto.randomUUID();
    const started: PromptGet = { getId, status: 'getting', startedAt: Date.now(), arguments: args };
    set((state) => ({ gets: { ...state.gets, [key]: started } }));
    const finish = (patch: Partial<PromptGet>) =>
      set((state) => (state.gets[key]?.getId === getId ? { gets: { ...state.gets, [key]: { ...started, ...patch, status: 'done' } } } : state));
    try {
      finish({ outcome: await api.invoke('prompts.get', { serverId, name: promptName, arguments: args, holdLongTexts: true }) });
    } catch (error) {
      finish({ error: errorMessage(error) });
    }
  },
}));
