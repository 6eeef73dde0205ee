/**
 * What the person does in the Collections tab: the selected request, the folders folded shut, the
 * environment, and the runs (their progress, each request's last result, the last run's report).
 */
import { create } from 'zustand';
import type { RequestRun, RunReport } from '../../../../shared/collections';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';

export interface RunUnderWay {
  runId?: string;
  /** The request or folder run, or undefined for the whole collection. */
  path?: string;
  done: number;
  total?: number;
}

interface RunsState {
  /** The collection these belong to: another one clears them. */
  collectionId: string | undefined;
  selectedPath: string | undefined;
  collapsed: ReadonlySet<string>;
  environment: string;
  running: RunUnderWay | undefined;
  /** Each request's last run, by its path. */
  lastRuns: Record<string, RequestRun>;
  report: RunReport | undefined;
  /** What the report covers: a request or folder, or undefined for the whole collection (or not known, for a kept one). */
  reportPath: string | undefined;
  runError: string | null;
  /** Starts over for this collection, with its kept runs (the last report and each request's last run). */
  forCollection: (collectionId: string) => void;
  select: (path: string) => void;
  toggleFolder: (path: string, open?: boolean) => void;
  setEnvironment: (environment: string) => void;
  /** Runs the whole collection, or one request or folder. */
  run: (path?: string) => Promise<void>;
  applyProgress: (event: { collectionId: string; runId: string; request: RequestRun; done: number; total: number }) => void;
  /** A request's kept last run (`collections.runs`), when the window has none yet. */
  loadLastRun: (path: string) => Promise<void>;
}

export const useRunsStore = create<RunsState>((set, get) => ({
  collectionId: undefined,
  selectedPath: undefined,
  collapsed: new Set(),
  environment: '',
  running: undefined,
  lastRuns: {},
  report: undefined,
  reportPath: undefined,
  runError: null,

  forCollection(collectionId) {
    if (get().collectionId === collectionId) return;
    set({ collectionId, selectedPath: undefined, collapsed: new Set(), environment: '', running: undefined, lastRuns: {}, report: undefined, reportPath: undefined, runError: null });
    void getApi()
      .invoke('collections.reports', { collectionId })
      .then(({ last }) => {
        if (!last || get().collectionId !== collectionId) return;
        set((state) => ({ report: state.report ?? last, lastRuns: { ...byPath(last.requests), ...state.lastRuns } }));
      })
      .catch(() => undefined);
  },
  select: (selectedPath) => set({ selectedPath }),
  toggleFolder(path, open) {
    const collapsed = new Set(get().collapsed);
    const shut = open === undefined ? !collapsed.has(path) : !open;
    if (shut) collapsed.add(path);
    else collapsed.delete(path);
    set({ collapsed });
  },
  setEnvironment: (environment) => set({ environment }),

  async run(path) {
    const { collectionId, environment, running } = get();
    if (!collectionId || running) return;
    set({ running: { ...(path !== undefined ? { path } : {}), done: 0 }, runError: null });
    try {
      const report = await getApi().invoke('collections.run', {
        collectionId,
        ...(path !== undefined ? { path } : {}),
        ...(environment ? { environment } : {}),
      });
      if (get().collectionId !== collectionId) return;
      set((state) => ({ report, reportPath: path, lastRuns: { ...state.lastRuns, ...byPath(report.requests) }, running: undefined }));
    } catch (error) {
      if (get().collectionId === collectionId) set({ running: undefined, runError: errorMessage(error) });
    }
  },

  applyProgress(event) {
    const { collectionId, running } = get();
    if (event.collectionId !== collectionId || !running) return;
    set((state) => ({
      running: { ...running, runId: event.runId, done: event.done, total: event.total },
      lastRuns: { ...state.lastRuns, [event.request.path]: event.request },
    }));
  },

  async loadLastRun(path) {
    const { collectionId } = get();
    if (!collectionId || get().lastRuns[path]) return;
    const { last } = await getApi()
      .invoke('collections.runs', { collectionId, path })
      .catch(() => ({ last: undefined }));
    if (last && get().collectionId === collectionId && !get().lastRuns[path]) set((state) => ({ lastRuns: { ...state.lastRuns, [path]: last } }));
  },
}));

function byPath(runs: RequestRun[]): Record<string, RequestRun> {
  return Object.fromEntries(runs.map((run) => [run.path, run]));
}

/** Follows the core's `collections.runProgress` events. Returns a function that stops it. */
export function startCollectionsSync(): () => void {
  return getApi().on('collections.runProgress', (event) => useRunsStore.getState().applyProgress(event));
}
