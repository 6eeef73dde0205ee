import { create } from 'zustand';
import type { RpcOutcome } from '../../../../shared/mcp';
import { getApi } from '../../bridge/api';
import { createCallSlot } from '../../state/call-slot';

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
  /** serverId → the selected prompt's name. */
  selected: Record<string, string>;
  /** promptKey → the argument values the user typed. */
  argumentValues: Record<string, Record<string, string>>;
  /** promptKey → the latest prompts/get. */
  gets: Record<string, PromptGet>;

  select: (serverId: string, name: string | null) => void;
  setArgument: (serverId: string, promptName: string, argumentName: string, value: string) => void;
  get: (serverId: string, promptName: string, args: Record<string, string>) => Promise<void>;
}

export function promptKey(serverId: string, name: string): string {
  return `${serverId}\u0000${name}`;
}

/** Each prompt shows its latest get. */
const promptGets = createCallSlot<RpcOutcome>();

export const usePromptsStore = create<PromptsState>()((set) => ({
  selected: {},
  argumentValues: {},
  gets: {},

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
    const key = promptKey(serverId, promptName);
    let started: PromptGet | undefined;
    await promptGets.call(key, {
      start: (getId, startedAt) => {
        const get: PromptGet = { getId, status: 'getting', startedAt, arguments: args };
        started = get;
        set((state) => ({ gets: { ...state.gets, [key]: get } }));
      },
      invoke: () => getApi().invoke('prompts.get', { serverId, name: promptName, arguments: args, holdLongTexts: true }),
      finish: (_getId, result, latest) => {
        if (!latest) return;
        const done: PromptGet = { ...started!, ...(result.error === undefined ? { outcome: result.outcome } : { error: result.error }), status: 'done' };
        set((state) => ({ gets: { ...state.gets, [key]: done } }));
      },
    });
  },
}));
