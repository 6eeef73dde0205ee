import { BrowserWindow, shell, type WebPreferences } from 'electron';
import { lockNavigation } from './navigation.js';

/** The renderer gets no Node, runs sandboxed and sees the preload only through contextBridge. */
export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    // Spellcheck would download dictionaries from a CDN; an inspector has no use for it.
    spellcheck: false,
  };
}

export interface MainWindowOptions {
  preloadPath: string;
  indexUrl: string;
  title: string;
  /** Where it was last, when that is still on a screen. */
  bounds?: { x: number; y: number; width: number; height: number };
  maximized?: boolean;
}

export function createMainWindow({ preloadPath, indexUrl, title, bounds, maximized }: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    title,
    width: 1280,
    height: 820,
    ...bounds,
    minWidth: 720,
    minHeight: 480,
    show: false,
    webPreferences: secureWebPreferences(preloadPath),
  });
  lockNavigation(win.webContents, (url) => shell.openExternal(url));
  win.once('ready-to-show', () => {
    if (maximized) win.maximize();
    win.show();
  });
  win.loadURL(indexUrl).catch((error: unknown) => console.error('Could not load the app page:', error));
  return win;
}
