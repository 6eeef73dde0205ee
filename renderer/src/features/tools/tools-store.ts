import { create } from 'zustand';
import type { CallProgress, JsonObject, RpcOutcome } from '../../../../shared/mcp';
import type { CallTimeouts } from '../../../../shared/server-config';
import { getApi } from '../../bridge/api';
import { createCallSlot } from '../../state/call-slot';
import { formatJsonValue, parseJsonText } from '../../ui/schema-form/form-value';
import { findServer, useServersStore } from '../../state/servers';
import { addRun, parseHistory, replaceRun, serializeHistory, STORAGE_KEY, toolKey, type ToolRun } from './run-history';
import { uiStateStorage } from '../../bridge/ui-state';
import { MODES_STORAGE_KEY, parseModes, withMode, type ArgumentsMode } from './argument-modes';

export { toolKey, type ToolRun } from './run-history';

export type { ArgumentsMode } from './argument-modes';

/** The arguments being edited for one tool: the JSON text, and the value while the text parses. */
export interface ArgumentsDraft {
  text: string;
  /** The parsed text; the last value that parsed while the text does not. */
  value: unknown;
  /** Why the text does not parse (null when it does). */
  parseError: string | null;
}

export interface RunOptions {
  /** Run as a task (Tasks extension). */
  asTask?: boolean;
  /** Long texts of the result stay in the core, and the result view opens them there (see `HeldText`). */
  holdLongTexts?: boolean;
  /** The tool's key in the list, when it differs from its name. */
  listKey?: string;
}

interface ToolsState {
  /** serverId → the selected list entry's key (see `listEntries`). */
  selectedTool: Record<string, string>;
  drafts: Record<string, ArgumentsDraft>;
  /** toolKey → Form or JSON, as chosen for that tool (Form until then). */
  modes: Record<string, ArgumentsMode>;
  /** toolKey → runs, newest first. */
  history: Record<string, ToolRun[]>;
  /** toolKey → the callId of the run shown (the latest when absent). */
  viewedRun: Record<string, string>;
  /** callId → the latest progress of a running call. */
  progress: Record<string, CallProgress>;
  /** toolKey → timeouts for this tool's calls instead of the server's. */
  timeoutOverrides: Record<string, CallTimeouts>;

  selectTool: (serverId: string, entry: string | null) => void;
  startDraft: (key: string, value: unknown) => void;
  setDraftValue: (key: string, value: unknown) => void;
  setDraftText: (key: string, text: string) => void;
  setMode: (key: string, mode: ArgumentsMode) => void;
  /** `listKey` tells apart tools that share a name (see `listEntries`). */
  run: (serverId: string, toolName: string, args: JsonObject, options?: RunOptions) => Promise<void>;
  cancel: (callId: string) => Promise<void>;
  viewRun: (key: string, callId: string) => void;
  applyProgress: (progress: CallProgress) => void;
  setTimeoutOverride: (key: string, timeouts: CallTimeouts | undefined) => void;
  /** Restores the run history and the Form/JSON choices from the saved window state. */
  loadHistory: () => void;
}


/**
 * Saved after the render of the result that changed it (React renders a store change in a
 * microtask queued before this one), in the same task, so a reload at once still finds it.
 */
function saveHistoryAfterRender(): void {
  queueMicrotask(() => uiStateStorage.setItem(STORAGE_KEY, serializeHistory(useToolsStore.getState().history)));
}

/** Every run of every tool: each stays in its tool's history, newest first. */
const toolCalls = createCallSlot<RpcOutcome>();

export const useToolsStore = create<ToolsState>()((set, get) => ({
  selectedTool: {},
  drafts: {},
  modes: {},
  history: {},
  viewedRun: {},
  progress: {},
  timeoutOverrides: {},

  selectTool: (serverId, entry) =>
    set((state) => {
      const selectedTool = { ...state.selectedTool };
      if (entry === null) delete selectedTool[serverId];
      else selectedTool[serverId] = entry;
      return { selectedTool };
    }),

  startDraft: (key, value) => {
    if (get().drafts[key]) return;
    set((state) => ({ drafts: { ...state.drafts, [key]: { text: formatJsonValue(value), value, parseError: null } } }));
  },

  setDraftValue: (key, value) =>
    set((state) => ({ drafts: { ...state.drafts, [key]: { text: formatJsonValue(value), value, parseError: null } } })),

  setDraftText: (key, text) =>
    set((state) => {
      const parsed = parseJsonText(text);
      const previous = state.drafts[key];
      const draft: ArgumentsDraft = parsed.ok
        ? { text, value: parsed.value, parseError: null }
        : { text, value: previous?.value, parseError: parsed.message };
      return { drafts: { ...state.drafts, [key]: draft } };
    }),

  setMode: (key, mode) => {
    const modes = withMode(get().modes, key, mode);
    set({ modes });
    uiStateStorage.setItem(MODES_STORAGE_KEY, JSON.stringify(modes));
  },

  run: async (serverId, toolName, args, { asTask = false, holdLongTexts = false, listKey = toolName } = {}) => {
    const key = toolKey(serverId, listKey);
    let started: ToolRun | undefined;
    // The server's current defaults are sent too: the core applies a server's own timeouts only
    // from its next connection, and a change made in the server form should count at once.
    const timeouts = get().timeoutOverrides[key] ?? findServer(useServersStore.getState().servers, serverId)?.timeouts;
    await toolCalls.call(key, {
      start: (callId, startedAt) => {
        const run: ToolRun = { callId, serverId, toolName, ...(listKey !== toolName ? { listKey } : {}), startedAt, status: 'running', arguments: args };
        started = run;
        set((state) => ({ history: { ...state.history, [key]: addRun(state.history[key], run) }, viewedRun: { ...state.viewedRun, [key]: callId } }));
      },
      invoke: (callId) =>
        getApi().invoke('tools.call', {
          serverId,
          name: toolName,
          arguments: args,
          callId,
          ...(timeouts ? { timeouts } : {}),
          ...(asTask ? { asTask } : {}),
          ...(holdLongTexts ? { holdLongTexts } : {}),
        }),
      // Every run ends in its tool's history, the latest or not.
      finish: (callId, result) => {
        const done: ToolRun = { ...started!, ...(result.error === undefined ? { outcome: result.outcome } : { error: result.error }), status: 'done' };
        set((state) => {
          const progress = { ...state.progress };
          delete progress[callId];
          return { history: { ...state.history, [key]: replaceRun(state.history[key], done) }, progress };
        });
        saveHistoryAfterRender();
      },
    });
  },

  cancel: async (callId) => {
    try {
      await getApi().invoke('calls.cancel', { callId, reason: 'Cancelled by the user' });
    } catch (error) {
      console.warn('Cancel failed', error);
    }
  },

  viewRun: (key, callId) => set((state) => ({ viewedRun: { ...state.viewedRun, [key]: callId } })),

  applyProgress: (progress) =>
    set((state) => {
      const running = Object.values(state.history).some((runs) => runs[0]?.callId === progress.callId && runs[0].status === 'running');
      return running ? { progress: { ...state.progress, [progress.callId]: progress } } : state;
    }),

  setTimeoutOverride: (key, timeouts) =>
    set((state) => {
      const timeoutOverrides = { ...state.timeoutOverrides };
      if (timeouts) timeoutOverrides[key] = timeouts;
      else delete timeoutOverrides[key];
      return { timeoutOverrides };
    }),

  loadHistory: () => {
    const stored = parseHistory(uiStateStorage.getItem(STORAGE_KEY));
    set((state) => {
      const history = { ...stored };
      // Runs made in this session win over stored ones.
      for (const [key, runs] of Object.entries(state.history)) history[key] = runs;
      return { history, modes: { ...parseModes(uiStateStorage.getItem(MODES_STORAGE_KEY)), ...state.modes } };
    });
  },
}));

/** The run a tool's detail shows: the one chosen in its history, else the latest. */
export function shownRun(history: readonly ToolRun[] | undefined, viewed: string | undefined): ToolRun | undefined {
  if (!history?.length) return undefined;
  return history.find((run) => run.callId === viewed) ?? history[0];
}

/** Selects the tool with these arguments in its form and runs it, as Run would (the run shows in its history). */
export function runToolAgain(serverId: string, toolName: string, args: JsonObject): Promise<void> {
  const tools = useToolsStore.getState();
  tools.selectTool(serverId, toolName);
  tools.setDraftValue(toolKey(serverId, toolName), args);
  return tools.run(serverId, toolName, args);
}
