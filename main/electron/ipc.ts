import type { BrowserWindow, IpcMain, IpcMainInvokeEvent, WebFrameMain } from 'electron';
import type { WireReply, WireResult } from '../../shared/wire.js';
import { IPC_EVENT_CHANNEL, IPC_REQUEST_CHANNEL } from '../../shared/wire.js';
import type { Core } from '../core/core.js';
import { dispatchForBridge } from '../core/dispatch.js';
import { takeReplyFile } from '../core-process/reply-files.js';
import { isAppIndexUrl } from './app-paths.js';

type AppWindow = Pick<BrowserWindow, 'webContents' | 'isDestroyed' | 'once'>;

export const REFUSED_SENDER: WireResult = {
  ok: false,
  error: { message: 'Request refused: it did not come from the MCP Loupe window.', code: 'forbidden-sender' },
};

/** Only the top frame of our window, showing our own page, may talk to the core. */
export function isTrustedSender(event: IpcMainInvokeEvent, win: AppWindow, indexUrl?: string): boolean {
  if (win.isDestroyed()) return false;
  const frame = event.senderFrame;
  return (
    event.sender === win.webContents &&
    frame !== null &&
    isSameFrame(frame, win.webContents.mainFrame) &&
    isAppIndexUrl(frame.url, indexUrl)
  );
}

/** Compared by id as well, so the check does not hinge on Electron reusing one wrapper object. */
function isSameFrame(a: WebFrameMain, b: WebFrameMain): boolean {
  return a === b || (a.processId === b.processId && a.routingId === b.routingId);
}

/**
 * Carries the whole contract over IPC for one window: requests go through the shared
 * dispatcher, core events are forwarded while the window is alive. Returns the unbinding,
 * which also runs when the window closes.
 */
export function bindCoreToWindow(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  core: Pick<Core, 'handlers' | 'dispatch' | 'subscribe'>,
  win: AppWindow,
  indexUrl?: string,
): () => void {
  ipcMain.handle(IPC_REQUEST_CHANNEL, async (event, name: unknown, params: unknown): Promise<WireReply> => {
    if (!isTrustedSender(event, win, indexUrl)) return REFUSED_SENDER;
    const reply = await dispatchForBridge(core, name, params);
    // A large value goes to the window as its JSON's bytes (one copy, no object graph to clone); it parses them in a worker.
    if ('file' in reply) return { ok: true, json: await takeReplyFile(reply.file) };
    return 'text' in reply ? { ok: true, value: JSON.parse(reply.text) as unknown } : reply;
  });

  const unsubscribe = core.subscribe((name, payload) => {
    if (win.isDestroyed() || win.webContents.isDestroyed()) return;
    win.webContents.send(IPC_EVENT_CHANNEL, name, payload);
  });

  let bound = true;
  const unbind = () => {
    if (!bound) return;
    bound = false;
    unsubscribe();
    ipcMain.removeHandler(IPC_REQUEST_CHANNEL);
  };
  win.once('closed', unbind);
  return unbind;
}
