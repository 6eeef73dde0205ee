/**
 * The bridge between the sandboxed renderer and the main process.
 *
 * A sandboxed preload can only require 'electron', so nothing from shared/ is loaded at run
 * time: the channel names below are copies of shared/wire.ts (a unit test keeps them equal)
 * and everything else from shared/ is a type.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a .cts file under verbatimModuleSyntax can only import a value this way
import electron = require('electron');
import type { PreloadApi, WireReply } from '../shared/wire.js';

const IPC_REQUEST_CHANNEL = 'loupe:request';
const IPC_EVENT_CHANNEL = 'loupe:event';
const PRELOAD_GLOBAL = 'loupe';

type IpcRendererLike = Pick<Electron.IpcRenderer, 'invoke' | 'on'>;
type EventListener = (payload: unknown) => void;

/**
 * The whole contract over two channels. One IPC listener fans events out by name, and the
 * renderer's listeners get the payload only, never the IPC event object.
 */
function createPreloadApi(ipcRenderer: IpcRendererLike): PreloadApi {
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

  return {
    async request(name: string, params: unknown): Promise<WireReply> {
      return (await ipcRenderer.invoke(IPC_REQUEST_CHANNEL, name, params)) as WireReply;
    },
    on(name: string, listener: EventListener): () => void {
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
}

electron.contextBridge.exposeInMainWorld(PRELOAD_GLOBAL, createPreloadApi(electron.ipcRenderer));
