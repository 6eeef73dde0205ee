/**
 * What the window remembers between starts (layout, run history, view modes) lives in the core's
 * data folder, not in the page's storage: browser mode gets a new origin on every start, and its
 * localStorage with it. Reads come from a copy loaded once; writes go through to the core.
 */
import type { StateStorage } from 'zustand/middleware';
import type { Bridge } from './types';

/** Keys an earlier Loupe kept in localStorage: carried over once, where the core has none yet. */
const KEYS_ONCE_IN_LOCAL_STORAGE = ['loupe.layout', 'loupe.traffic-layout', 'loupe.tools.history.v1', 'loupe.tools.descriptionMode'];

const values = new Map<string, string>();
const whenLoaded = new Set<() => void>();
let bridge: Bridge | undefined;

function write(key: string, value: string | null): void {
  bridge?.invoke('uiState.set', { key, value }).catch((error: unknown) => console.warn(`Could not save ${key}`, error));
}

export const uiStateStorage = {
  getItem: (key: string): string | null => values.get(key) ?? null,
  setItem: (key: string, value: string): void => {
    if (values.get(key) === value) return;
    values.set(key, value);
    write(key, value);
  },
  removeItem: (key: string): void => {
    if (!values.delete(key)) return;
    write(key, null);
  },
} satisfies StateStorage;

/** Runs `restore` once the saved state has been loaded. */
export function onUiStateLoaded(restore: () => void): () => void {
  whenLoaded.add(restore);
  return () => {
    whenLoaded.delete(restore);
  };
}

function carryOverLocalStorage(): void {
  let local: Storage;
  try {
    local = window.localStorage;
  } catch {
    return;
  }
  for (const key of KEYS_ONCE_IN_LOCAL_STORAGE) {
    const value = local.getItem(key);
    if (value === null) continue;
    if (!values.has(key)) uiStateStorage.setItem(key, value);
    local.removeItem(key);
  }
}

/** Loads the saved state from the core, then lets every store restore from it. */
export async function loadUiState(api: Bridge): Promise<void> {
  bridge = api;
  try {
    const saved = await api.invoke('uiState.getAll');
    values.clear();
    for (const [key, value] of Object.entries(saved)) values.set(key, value);
  } catch (error) {
    console.warn("Could not load the window's saved state", error);
    return;
  }
  carryOverLocalStorage();
  for (const restore of whenLoaded) restore();
}
