/**
 * What the person does in the Collections tab: the selected request, the folders folded shut, the
 * environment, and the runs (their progress, each request's last result, the last run's report).
 */
import { create } from 'zustand';
import type { CollectionConsent, RequestRun, RunReport } from '../../../../shared/collections';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';

export interface RunUnderWay {
  runId?: string;
  /** The request or folder run, or undefined for the whole collection. */
  path?: string;
  done: number;
  total?: number;
}

/** What the Collections tab shows below its header. */
export type CollectionSection = 'Requests' | 'Capability snapshots' | 'Secrets';
export const COLLECTION_SECTIONS: readonly CollectionSection[] = ['Requests', 'Capability snapshots', 'Secrets'];

interface RunsState {
  /** The collection these belong to: another one clears them. */
  collectionId: string | undefined;
  section: CollectionSection;
  /** The detail pane shows the last run's report (after Run all or Run folder) rather than the selected request. */
  showingReport: boolean;
  selectedPath: string | undefined;
  collapsed: ReadonlySet<string>;
  environment: string;
  running: RunUnderWay | undefined;
  /** Each request's last run, by its path. */
  lastRuns: Record<string, RequestRun>;
  report: RunReport | undefined;
  /** The run report before `report`, kept by the core: the run report sets each request beside it. */
  previousReport: RunReport | undefined;
  /** What the report covers: a request or folder, or undefined for the whole collection (or not known, for a kept one). */
  reportPath: string | undefined;
  runError: string | null;
  /** What a run would start and read, waiting for the person's answer; the run goes on once allowed. */
  consent: { ask: CollectionConsent; path?: string; asReport: boolean } | undefined;
  /** Allows what `consent` names (remembered for the folder, or for this session) and runs. */
  allowAndRun: (remember: boolean) => Promise<void>;
  /** The person said no: nothing runs. */
  declineConsent: () => void;
  /** Starts over for this collection, with its kept runs (the last report and each request's last run). */
  forCollection: (collectionId: string) => void;
  select: (path: string) => void;
  showSection: (section: CollectionSection) => void;
  showReport: (showing: boolean) => void;
  toggleFolder: (path: string, open?: boolean) => void;
  setEnvironment: (environment: string) => void;
  /** Runs the whole collection, or one request or folder; a run of all or of a folder then shows its report. */
  run: (path?: string, asReport?: boolean) => Promise<void>;
  applyProgress: (event: { collectionId: string; runId: string; requests: RequestRun[]; done: number; total: number }) => void;
  /** A request's kept last run (`collections.runs`), when the window has none yet. */
  loadLastRun: (path: string) => Promise<void>;
}

export const useRunsStore = create<RunsState>((set, get) => ({
  collectionId: undefined,
  section: 'Requests',
  showingReport: false,
  selectedPath: undefined,
  collapsed: new Set(),
  environment: '',
  running: undefined,
  lastRuns: {},
  report: undefined,
  previousReport: undefined,
  reportPath: undefined,
  runError: null,
  consent: undefined,

  forCollection(collectionId) {
    if (get().collectionId === collectionId) return;
    set({ collectionId, section: 'Requests', showingReport: false, selectedPath: undefined, collapsed: new Set(), environment: '', running: undefined, lastRuns: {}, report: undefined, previousReport: undefined, reportPath: undefined, runError: null, consent: undefined });
    void getApi()
      .invoke('collections.reports', { collectionId })
      .then(({ last, previous }) => {
        if (!last || get().collectionId !== collectionId || get().report) return;
        set((state) => ({ report: last, previousReport: previous, lastRuns: { ...byPath(last.requests), ...state.lastRuns } }));
      })
      .catch(() => undefined);
  },
  select: (selectedPath) => set({ selectedPath, showingReport: false }),
  showSection: (section) => set({ section }),
  showReport: (showingReport) => set({ showingReport }),
  toggleFolder(path, open) {
    const collapsed = new Set(get().collapsed);
    const shut = open === undefined ? !collapsed.has(path) : !open;
    if (shut) collapsed.add(path);
    else collapsed.delete(path);
    set({ collapsed });
  },
  setEnvironment: (environment) => set({ environment }),

  async run(path, asReport = path === undefined) {
    const { collectionId, environment, running } = get();
    if (!collectionId || running || get().consent) return;
    set({ running: { ...(path !== undefined ? { path } : {}), done: 0 }, runError: null });
    try {
      // A collection is someone's repository: what it starts and reads is asked about first.
      const ask = await getApi().invoke('collections.consent', { collectionId });
      if (!ask.granted) {
        if (get().collectionId === collectionId) set({ running: undefined, consent: { ask, ...(path !== undefined ? { path } : {}), asReport } });
        return;
      }
      const report = await getApi().invoke('collections.run', {
        collectionId,
        ...(path !== undefined ? { path } : {}),
        ...(environment ? { environment } : {}),
      });
      if (get().collectionId !== collectionId) return;
      set((state) => ({ report, previousReport: state.report, reportPath: path, lastRuns: { ...state.lastRuns, ...byPath(report.requests) }, running: undefined, showingReport: asReport || state.showingReport, section: asReport ? 'Requests' : state.section }));
    } catch (error) {
      if (get().collectionId === collectionId) set({ running: undefined, runError: errorMessage(error) });
    }
  },

  async allowAndRun(remember) {
    const { consent, collectionId } = get();
    if (!consent || consent.ask.collectionId !== collectionId) return;
    try {
      await getApi().invoke('collections.allow', { collectionId: consent.ask.collectionId, hash: consent.ask.hash, remember });
    } catch (error) {
      set({ consent: undefined, runError: errorMessage(error) });
      return;
    }
    set({ consent: undefined });
    await get().run(consent.path, consent.asReport);
  },

  declineConsent: () => set({ consent: undefined, runError: 'you did not allow what the collection asks for.' }),

  applyProgress(event) {
    const { collectionId, running } = get();
    if (event.collectionId !== collectionId || !running) return;
    set((state) => ({
      running: { ...running, runId: event.runId, done: event.done, total: event.total },
      lastRuns: { ...state.lastRuns, ...byPath(event.requests) },
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
