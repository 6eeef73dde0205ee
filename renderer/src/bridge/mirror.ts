import type { Bridge } from './types';

export interface MirrorSource<Snapshot, Change> {
  /** The core's whole state, asked for each time the link opens. */
  load: () => Promise<Snapshot>;
  /** Change events; returns a function that stops them. */
  subscribe: (onChange: (change: Change) => void) => () => void;
}

export interface MirrorTarget<Snapshot, Change> {
  /** Replaces what the window holds with the snapshot. */
  reset: (snapshot: Snapshot) => void;
  /** Applies one change (the target drops changes older than what it holds, e.g. by revision). */
  apply: (change: Change) => void;
  /** The snapshot could not be loaded (the link is open). */
  failed?: (error: unknown) => void;
}

/**
 * Keeps a renderer store a mirror of state the core owns: one snapshot each time the link opens
 * (at start and after a reconnect, since events may have been missed), then every change event.
 * Changes that arrive while the snapshot loads are applied after it, so none is lost or undone.
 * Returns a function that stops it.
 */
export function mirrorCoreState<Snapshot, Change>(
  api: Pick<Bridge, 'getLinkState' | 'onLinkStateChange'>,
  source: MirrorSource<Snapshot, Change>,
  target: MirrorTarget<Snapshot, Change>,
): () => void {
  let held: Change[] | null = null;
  let stopped = false;
  let loadNumber = 0;
  const stopChanges = source.subscribe((change) => {
    if (held) held.push(change);
    else target.apply(change);
  });

  const reload = async () => {
    const number = ++loadNumber;
    held ??= [];
    try {
      const snapshot = await source.load();
      if (stopped || number !== loadNumber) return;
      target.reset(snapshot);
    } catch (error) {
      if (!stopped && number === loadNumber && api.getLinkState().status === 'open') target.failed?.(error);
    } finally {
      if (!stopped && number === loadNumber) {
        const waiting = held ?? [];
        held = null;
        for (const change of waiting) target.apply(change);
      }
    }
  };

  let wasOpen = false;
  const onLink = () => {
    const open = api.getLinkState().status === 'open';
    if (open && !wasOpen) void reload();
    wasOpen = open;
  };
  const stopLink = api.onLinkStateChange(onLink);
  onLink();

  return () => {
    stopped = true;
    stopChanges();
    stopLink();
  };
}
