import { create } from 'zustand';
import type { DebugRequestEdit, OAuthDebugRun, OAuthSpecVersion } from '../../../../../shared/oauth-debugger';
import { getApi } from '../../../bridge/api';
import { errorMessage } from '../../../bridge/bridge-error';

/** The OAuth debugger's runs in this window: the latest run of each server, and what is being asked of the core. */
interface DebuggerState {
  /** serverId → its latest run, as `oauthDebug.changed` last told it. */
  runs: Record<string, OAuthDebugRun>;
  /** serverId → a request to the core is out (Start, Next, Continue, Edit, Stop). */
  busy: Record<string, boolean>;
  /** serverId → why the last request failed, in one sentence. */
  errors: Record<string, string | undefined>;
  apply: (run: OAuthDebugRun) => void;
  start: (serverId: string, version: OAuthSpecVersion) => Promise<void>;
  next: (serverId: string) => Promise<void>;
  continueFrom: (serverId: string, stepIndex: number) => Promise<void>;
  edit: (serverId: string, edit: DebugRequestEdit) => Promise<void>;
  stop: (serverId: string) => Promise<void>;
}

export const useDebuggerStore = create<DebuggerState>()((set, get) => {
  /** Runs one request for a server's debugger: busy while out, its run applied, its failure kept. */
  const ask = async (serverId: string, request: (runId: string | undefined) => Promise<OAuthDebugRun>) => {
    set((state) => ({ busy: { ...state.busy, [serverId]: true }, errors: { ...state.errors, [serverId]: undefined } }));
    try {
      get().apply(await request(get().runs[serverId]?.runId));
    } catch (error) {
      set((state) => ({ errors: { ...state.errors, [serverId]: errorMessage(error) } }));
    } finally {
      set((state) => ({ busy: { ...state.busy, [serverId]: false } }));
    }
  };
  const withRun = (runId: string | undefined) => {
    if (!runId) throw new Error('Start a run first.');
    return runId;
  };
  return {
    runs: {},
    busy: {},
    errors: {},
    apply: (run) =>
      set((state) => {
        const current = state.runs[run.serverId];
        // An event of an older run (still ending) does not replace the one shown.
        if (current && current.runId !== run.runId && current.startedAt > run.startedAt) return state;
        return { runs: { ...state.runs, [run.serverId]: run } };
      }),
    start: (serverId, version) => ask(serverId, () => getApi().invoke('oauthDebug.start', { serverId, version, mode: 'step' })),
    next: (serverId) => ask(serverId, (runId) => getApi().invoke('oauthDebug.next', { runId: withRun(runId) })),
    continueFrom: (serverId, stepIndex) => ask(serverId, (runId) => getApi().invoke('oauthDebug.continueFrom', { runId: withRun(runId), stepIndex })),
    edit: (serverId, edit) => ask(serverId, (runId) => getApi().invoke('oauthDebug.edit', { runId: withRun(runId), edit })),
    stop: (serverId) => ask(serverId, (runId) => getApi().invoke('oauthDebug.stop', { runId: withRun(runId) })),
  };
});
