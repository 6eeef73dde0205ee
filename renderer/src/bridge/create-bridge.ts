import { createElectronBridge, findPreloadApi } from './electron-bridge';
import type { Bridge } from './types';
import { WebSocketBridge } from './websocket-bridge';

/** Electron when the preload exposed the API; otherwise browser mode over `/bridge` on this host. */
export function createBridge(): Bridge {
  const preloadApi = findPreloadApi();
  if (preloadApi) return createElectronBridge(preloadApi);
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return new WebSocketBridge(`${scheme}://${location.host}/bridge`);
}
