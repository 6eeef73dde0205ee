/**
 * The open collection's capability snapshots (surfaces/<name>.json), as listed by the core, and the
 * capability diff someone asked to see. Both the Collections tab and server details read it: the
 * server details panel says whether the connected server still matches a snapshot of it, and its
 * "Open the diff" lands here for the Collections tab to show.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { SurfaceDiff, SurfaceListing, SurfaceSource } from '../../../../shared/collections';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { useCollectionStore } from './collection-store';

export interface SurfaceComparison {
  before: SurfaceSource;
  after: SurfaceSource;
}

interface SurfacesState {
  /** Which collection and revision `listings` were read for. */
  loadedFor: string | undefined;
  listings: SurfaceListing[];
  /** The capability diff to show in the Collections tab (set there, or from server details). */
  comparison: SurfaceComparison | undefined;
  /** Counts each request to show a comparison, so asking twice for the same one shows it again. */
  comparisonRequest: number;
  /**
   * What changed in a connected server since a snapshot, by `changedSinceKey`: taking a server's
   * surface lists all it has, so each connection is compared with each snapshot once.
   */
  changedSince: Record<string, { diff?: SurfaceDiff; error?: string }>;
  load: (collectionId: string, revision: number) => Promise<void>;
  compareWithSnapshot: (key: string, params: { collectionId: string; serverId: string; name: string }) => Promise<void>;
  compare: (comparison: SurfaceComparison) => void;
}

export const useSurfacesStore = create<SurfacesState>((set, get) => ({
  loadedFor: undefined,
  listings: [],
  comparison: undefined,
  comparisonRequest: 0,
  changedSince: {},
  async load(collectionId, revision) {
    const key = `${collectionId}@${revision}`;
    if (get().loadedFor === key) return;
    set({ loadedFor: key });
    const listings = await getApi()
      .invoke('surfaces.list', { collectionId })
      .catch(() => []);
    if (get().loadedFor === key) set({ listings });
  },
  async compareWithSnapshot(key, params) {
    if (key in get().changedSince) return;
    set((state) => ({ changedSince: { ...state.changedSince, [key]: {} } }));
    const result = await getApi()
      .invoke('surfaces.changedSince', params)
      .then((diff) => ({ diff }))
      .catch((error: unknown) => ({ error: errorMessage(error) }));
    set((state) => ({ changedSince: { ...state.changedSince, [key]: result } }));
  },
  compare: (comparison) => set((state) => ({ comparison, comparisonRequest: state.comparisonRequest + 1 })),
}));

/** The open collection's saved capability snapshots, read again whenever the collection changes. */
export function useSavedSurfaces(): { collectionId: string | undefined; listings: SurfaceListing[] } {
  const view = useCollectionStore((state) => state.view);
  const revision = useCollectionStore((state) => state.revision);
  const listings = useSurfacesStore((state) => state.listings);
  const loadedFor = useSurfacesStore((state) => state.loadedFor);
  useEffect(() => {
    if (view) void useSurfacesStore.getState().load(view.id, revision);
  }, [view, revision]);
  const current = view !== undefined && loadedFor?.startsWith(`${view.id}@`) === true;
  return { collectionId: view?.id, listings: current ? listings : [] };
}

/** The snapshot of a server (by the name it reports) most recently taken, if the open collection has one. */
export function latestSnapshotOf(listings: readonly SurfaceListing[], serverName: string): SurfaceListing | undefined {
  return listings
    .filter((listing) => listing.server?.name === serverName)
    .sort((a, b) => (b.takenAt ?? '').localeCompare(a.takenAt ?? ''))[0];
}
