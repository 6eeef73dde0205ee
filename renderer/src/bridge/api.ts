import type { Bridge } from './types';

let current: Bridge | null = null;

/**
 * The one way anything in the window reaches the core: the bridge, set once at start (main.tsx),
 * then read by stores, syncs and components alike. Tests set a fake one.
 */
export function connectApi(bridge: Bridge | null): void {
  current = bridge;
}

export function getApi(): Bridge {
  if (!current) throw new Error('The window has no link to the core yet: connectApi() was not called.');
  return current;
}
