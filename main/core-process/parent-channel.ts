import { assertCrossable } from '../core/base/process-crossing.js';
import type { FromCoreProcess, ToCoreProcess } from './messages.js';

/** The core process's end of the line to its supervisor. */
export interface ParentChannel {
  /** Throws when the message cannot be serialized, or is too deep or too large to cross (process-crossing.ts). */
  send(message: FromCoreProcess): void;
  onMessage(listener: (message: ToCoreProcess) => void): void;
  /** The supervisor went away without saying goodbye. */
  onParentGone(listener: () => void): void;
}

/** Electron's `process.parentPort` inside a utilityProcess. */
interface ElectronParentPort {
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}

/** Electron's utilityProcess port when there is one, otherwise Node's IPC channel (child_process.fork). */
export function connectToParent(): ParentChannel {
  const port = (process as unknown as { parentPort?: ElectronParentPort }).parentPort;
  if (port) {
    return {
      send: (message) => {
        assertCrossable(message);
        port.postMessage(message);
      },
      onMessage: (listener) => port.on('message', (event) => listener(event.data as ToCoreProcess)),
      // Electron ends a utility process together with the app.
      onParentGone: () => undefined,
    };
  }
  const send = process.send?.bind(process);
  if (!send) throw new Error('The core process must be started by MCP Loupe: it has no channel to a parent process.');
  return {
    send: (message) => {
      assertCrossable(message);
      send(message);
    },
    onMessage: (listener) => process.on('message', (message) => listener(message as ToCoreProcess)),
    onParentGone: (listener) => process.on('disconnect', listener),
  };
}
