import type { Bridge } from '../../bridge/types';

/** Keeps the prompts store in step with core events. Returns a function that stops it. */
export function startPromptsSync(_api: Bridge): () => void {
  return () => {};
}
