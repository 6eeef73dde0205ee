import { getApi } from '../../bridge/api';
import { onUiStateLoaded } from '../../bridge/ui-state';
import { useToolsStore } from './tools-store';

/**
 * The Tools feature's own events (its list is mirrored with the others, see state/lists/lists-mirror.ts):
 * `calls.progress` for running calls, and the stored run history once the window state is in.
 */
export function startToolsSync(): () => void {
  useToolsStore.getState().loadHistory();
  const stopRestoring = onUiStateLoaded(() => useToolsStore.getState().loadHistory());
  const stopProgress = getApi().on('calls.progress', (progress) => useToolsStore.getState().applyProgress(progress));
  return () => {
    stopRestoring();
    stopProgress();
  };
}
