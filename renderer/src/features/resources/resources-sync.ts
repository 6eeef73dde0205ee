import type { Bridge } from '../../bridge/types';

/** Keeps the resources store in step with core events. Returns a function that stops it. */
export function startResourcesSync(_api: Bridge): () => void {
  return () => {};
}
