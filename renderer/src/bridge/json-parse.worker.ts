/// <reference lib="webworker" />
import { parseJsonBytes } from './parse-off-thread';

/** Decodes and parses a long bridge message off the page's main thread. */
self.onmessage = (event: MessageEvent<{ id: number; pieces: Uint8Array[] }>) => {
  const { id, pieces } = event.data;
  try {
    self.postMessage({ id, value: parseJsonBytes(pieces) });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
