import type { Bridge } from '../../bridge/types';
import { onUiStateLoaded } from '../../bridge/ui-state';
import { useToolsStore } from './tools-store';

/**
 * The Tools feature's own events (its list is mirrored with the others, see app/lists-mirror.ts):
 * `calls.progress` for running calls, and the stored run history once the window state is in.
 */
export function startToolsSync(api: Bridge): () => void {
  useToolsStore.getState().loadHistory();
  const stopRestoring = onUiStateLoaded(() => useToolsStore.getState().loadHistory());
  const stopProgress = api.on('calls.progress', (progress) => useToolsStore.getState().applyProgress(progress));
  return () => {
    stopRestoring();
    stopProgress();
  };
}
