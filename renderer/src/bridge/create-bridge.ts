import { createElectronBridge, findPreloadApi } from './electron-bridge';
import type { Bridge } from './types';
import { WebSocketBridge } from './websocket-bridge';
import { withCoreStatus } from './with-core-status';

/** Electron when the preload exposed the API; otherwise browser mode over `/bridge` on this host. */
export function createBridge(): Bridge {
  return withCoreStatus(createCarrier());
}

function createCarrier(): Bridge {
  const preloadApi = findPreloadApi();
  if (preloadApi) return createElectronBridge(preloadApi);
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return new WebSocketBridge(`${scheme}://${location.host}/bridge`);
}
