import { longTextShare } from './documents/document-source';
import { createElectronBridge, findPreloadApi } from './electron-bridge';
import { workerReplyParser } from './parse-off-thread';
import type { Bridge } from './types';
import { probeHostAt, WebSocketBridge } from './websocket-bridge';
import { withCoreStatus } from './with-core-status';

/** Electron when the preload exposed the API; otherwise browser mode over `/bridge` on this host. */
export function createBridge(): Bridge {
  return withCoreStatus(createCarrier());
}

function createCarrier(): Bridge {
  // Long texts in large replies go to the document worker too, so showing one copies nothing more.
  const parseLarge = workerReplyParser(longTextShare);
  const preloadApi = findPreloadApi();
  if (preloadApi) return createElectronBridge(preloadApi, parseLarge);
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return new WebSocketBridge(`${scheme}://${location.host}/bridge`, undefined, parseLarge, probeHostAt(location.origin));
}
