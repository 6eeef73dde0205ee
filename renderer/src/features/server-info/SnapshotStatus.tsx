import { useEffect } from 'react';
import { CHANGE_CLASSES } from '../../../../shared/collections';
import { latestSnapshotOf, useSavedSurfaces, useSurfacesStore } from '../../state/collections/surfaces-store';
import { serverInfoSlots } from './slots';

interface Props {
  serverId: string;
  /** The name the server reports: a snapshot in the open collection with that name is its snapshot. */
  reportedName: string;
  /** Changes with each connection: the surface is compared again. */
  connectionId: string | undefined;
  /** On one line, in the panel's header (when the details are folded away). */
  inline?: boolean;
}

/**
 * "Changed since the snapshot" (with the count of each class of change) or "Matches the snapshot",
 * when the open collection holds a capability snapshot of this server. Nothing otherwise.
 */
export function SnapshotStatus({ serverId, reportedName, connectionId, inline = false }: Props) {
  const { collectionId, listings } = useSavedSurfaces();
  const snapshot = latestSnapshotOf(listings, reportedName);
  const name = snapshot?.name;
  const key = `${collectionId}:${name}:${snapshot?.takenAt}:${serverId}:${connectionId}`;
  const shown = useSurfacesStore((state) => state.changedSince[key]);
  useEffect(() => {
    if (collectionId && name) void useSurfacesStore.getState().compareWithSnapshot(key, { collectionId, serverId, name });
  }, [collectionId, name, serverId, key]);

  if (!collectionId || !name) return null;
  const openDiff = () => {
    useSurfacesStore.getState().compare({ before: { kind: 'file', collectionId, name }, after: { kind: 'server', serverId } });
    serverInfoSlots.showCollections.get()();
  };
  const changes = shown?.diff?.changes.length ?? 0;
  return (
    <section className={`snapshot-status ${changes > 0 ? 'snapshot-status--changed' : ''} ${inline ? 'snapshot-status--inline' : ''}`} aria-label="Capability snapshot">
      {!shown || (!shown.diff && !shown.error) ? (
        <span className="muted">Comparing with the snapshot “{name}”…</span>
      ) : shown.error ? (
        <span className="form-error">Could not compare with the snapshot “{name}”: {shown.error}</span>
      ) : changes > 0 ? (
        <>
          <strong>Changed since the snapshot</strong>
          <span title={`Compared with the snapshot “${name}” in the open collection`}>
            {inline ? '' : `“${name}”: `}
            {CHANGE_CLASSES.map((kind) => `${shown.diff!.counts[kind]} ${kind}`).join(', ')}
          </span>
          <button type="button" className="link-button" onClick={openDiff}>
            Open the diff
          </button>
        </>
      ) : (
        <>
          <strong>Matches the snapshot</strong>
          {!inline && <span className="muted">“{name}” in the open collection</span>}
        </>
      )}
    </section>
  );
}
