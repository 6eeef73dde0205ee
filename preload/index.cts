/**
 * The bridge between the sandboxed renderer and the main process.
 *
 * A sandboxed preload can only require 'electron', so nothing from shared/ is loaded at run
 * time: the channel names below are copies of shared/wire.ts (a unit test keeps them equal)
 * and everything else from shared/ is a type.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a .cts file under verbatimModuleSyntax can only import a value this way
import electron = require('electron');
import type { EventName, LoupeApi } from '../shared/contract.js';
import type { WireResult } from '../shared/wire.js';

const IPC_REQUEST_CHANNEL = 'loupe:request';
const IPC_EVENT_CHANNEL = 'loupe:event';
const PRELOAD_GLOBAL = 'loupe';

type IpcRendererLike = Pick<Electron.IpcRenderer, 'invoke' | 'on'>;
type EventListener = (payload: unknown) => void;

function unwrap(result: WireResult): unknown {
  if (result.ok) return result.value;
  const error = new Error(result.error.message);
  if (result.error.code) Object.assign(error, { code: result.error.code });
  throw error;
}

/**
 * The whole contract over two channels. One IPC listener fans events out by name, and the
 * renderer's listeners get the payload only, never the IPC event object.
 */
function createLoupeApi(ipcRenderer: IpcRendererLike): LoupeApi {
  const listeners = new Map<string, Set<EventListener>>();

  ipcRenderer.on(IPC_EVENT_CHANNEL, (_event, name: unknown, payload: unknown) => {
    if (typeof name !== 'string') return;
    for (const listener of listeners.get(name) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        console.error(`A listener for ${name} failed:`, error);
      }
    }
  });

  const api = {
    async invoke(name: string, ...params: unknown[]): Promise<unknown> {
      const result = (await ipcRenderer.invoke(IPC_REQUEST_CHANNEL, name, params[0])) as WireResult;
      return unwrap(result);
    },
    on(name: EventName, listener: EventListener): () => void {
      let forName = listeners.get(name);
      if (!forName) listeners.set(name, (forName = new Set()));
      // Wrapped so that subscribing the same function twice gives two independent subscriptions.
      const subscription: EventListener = (payload) => listener(payload);
      forName.add(subscription);
      return () => {
        forName.delete(subscription);
      };
    },
  };
  // The generic signatures of LoupeApi only narrow what callers pass; the bridge itself is untyped.
  return api as LoupeApi;
}

electron.contextBridge.exposeInMainWorld(PRELOAD_GLOBAL, createLoupeApi(electron.ipcRenderer));
