/**
 * The open collection (a folder the core reads and watches; docs/collections.md), mirrored for the
 * window: the Collections tab shows it, and the Tools pane and the traffic log save requests into it.
 * One collection is open at a time; the last folder is remembered between starts.
 */
import { create } from 'zustand';
import type { CollectionView } from '../../../../shared/collections';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { onUiStateLoaded, uiStateStorage } from '../../bridge/ui-state';

const LAST_DIR_KEY = 'loupe.collections.lastDir';

interface CollectionState {
  view: CollectionView | undefined;
  /** Counts every change of the view (an edit on disk, a save): views re-read what they show. */
  revision: number;
  /** The folder last opened or created, remembered between starts. */
  lastDir: string;
  busy: boolean;
  /** Why the last open or create failed, in one sentence. */
  error: string | null;
  open: (dir: string) => Promise<void>;
  create: (dir: string, name: string, servers?: Record<string, unknown>) => Promise<void>;
  close: () => Promise<void>;
  /** `collections.changed`: a change to the open collection (others are ignored). */
  applyChanged: (view: CollectionView) => void;
}

export const useCollectionStore = create<CollectionState>((set, get) => {
  const replace = async (load: () => Promise<CollectionView>, dir: string) => {
    set({ busy: true, error: null });
    try {
      const previous = get().view;
      const view = await load();
      if (previous && previous.id !== view.id) void getApi().invoke('collections.close', { collectionId: previous.id }).catch(() => undefined);
      uiStateStorage.setItem(LAST_DIR_KEY, view.dir);
      set((state) => ({ view, revision: state.revision + 1, lastDir: view.dir, busy: false }));
    } catch (error) {
      set({ busy: false, error: errorMessage(error), lastDir: dir });
    }
  };
  return {
    view: undefined,
    revision: 0,
    lastDir: '',
    busy: false,
    error: null,
    open: (dir) => replace(() => getApi().invoke('collections.open', { dir }), dir),
    create: (dir, name, servers) => replace(() => getApi().invoke('collections.create', { dir, name, ...(servers ? { servers } : {}) }), dir),
    async close() {
      const view = get().view;
      set((state) => ({ view: undefined, revision: state.revision + 1, error: null }));
      if (view) await getApi().invoke('collections.close', { collectionId: view.id }).catch(() => undefined);
    },
    applyChanged(view) {
      if (get().view?.id !== view.id) return;
      set((state) => ({ view, revision: state.revision + 1 }));
    },
  };
});

/**
 * Keeps the open collection in step with the core's `collections.changed` events, and opens it
 * again when the link comes back (a core that restarted has forgotten it). Returns a function that stops it.
 */
export function startCollectionSync(): () => void {
  const api = getApi();
  let wasOpen = api.getLinkState().status === 'open';
  const stops = [
    api.on('collections.changed', (view) => useCollectionStore.getState().applyChanged(view)),
    api.onLinkStateChange(() => {
      const open = api.getLinkState().status === 'open';
      const view = useCollectionStore.getState().view;
      if (open && !wasOpen && view) void useCollectionStore.getState().open(view.dir);
      wasOpen = open;
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

onUiStateLoaded(() => {
  const lastDir = uiStateStorage.getItem(LAST_DIR_KEY);
  if (lastDir && !useCollectionStore.getState().lastDir) useCollectionStore.setState({ lastDir });
});
