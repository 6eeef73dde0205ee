import type { LoupeApi } from '../../../shared/contract';
import { PRELOAD_GLOBAL } from '../../../shared/wire';
import type { Bridge, LinkState } from './types';

const OPEN: LinkState = { status: 'open' };

/** The API the preload exposed on `window`, when running inside Electron. */
export function findPreloadApi(): LoupeApi | undefined {
  const candidate = (window as unknown as Record<string, unknown>)[PRELOAD_GLOBAL];
  if (candidate && typeof candidate === 'object' && 'invoke' in candidate && 'on' in candidate) {
    return candidate as LoupeApi;
  }
  return undefined;
}

/** IPC never drops while the window lives, so the link is always open. */
export function createElectronBridge(api: LoupeApi): Bridge {
  return {
    kind: 'electron',
    invoke: (name, ...params) => api.invoke(name, ...params),
    on: (name, listener) => api.on(name, listener),
    getLinkState: () => OPEN,
    onLinkStateChange: () => () => undefined,
    reconnectNow: () => undefined,
  };
}
