import { app, BrowserWindow, dialog, ipcMain, session } from 'electron';
import type { Core } from '../core/core.js';
import { CoreSupervisor } from '../core-process/core-supervisor.js';
import { coreProcessEntryPath, preloadPath, rendererIndexUrl, resolveDataDir } from './app-paths.js';
import { applyContentSecurityPolicy } from './csp.js';
import { bindCoreToWindow } from './ipc.js';
import { notifyPendingApprovals } from './os-notifications.js';
import { restrictPermissions } from './permissions.js';
import { launchUtilityCore } from './utility-core.js';
import { createMainWindow } from './window.js';

const PRODUCT_NAME = 'MCP Loupe';

let mainWindow: BrowserWindow | null = null;

function openMainWindow(core: Core): BrowserWindow {
  const win = createMainWindow({ preloadPath, indexUrl: rendererIndexUrl, title: PRODUCT_NAME });
  bindCoreToWindow(ipcMain, core, win);
  win.once('closed', () => {
    if (mainWindow === win) mainWindow = null;
  });
  mainWindow = win;
  return win;
}

function focusMainWindow(): void {
  if (!mainWindow || mainWindow.isDestroyed()) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

/** Quitting waits for the core to disconnect its servers and flush its writes. */
function disposeCoreBeforeQuit(core: Core): void {
  let disposing = false;
  app.on('will-quit', (event) => {
    if (disposing) return;
    disposing = true;
    event.preventDefault();
    core
      .dispose()
      .catch((error: unknown) => console.error('The core did not shut down cleanly:', error))
      .finally(() => app.quit());
  });
}

async function start(): Promise<void> {
  await app.whenReady();

  applyContentSecurityPolicy(session.defaultSession);
  restrictPermissions(session.defaultSession);

  const dataDir = resolveDataDir(process.argv, process.env, app.getPath('userData'));
  // The core lives in a utilityProcess: a server that hangs or crashes it cannot take the window down.
  const core = await CoreSupervisor.start(() => launchUtilityCore(coreProcessEntryPath), { dataDir, mode: 'electron', version: app.getVersion() });
  disposeCoreBeforeQuit(core);

  openMainWindow(core);
  notifyPendingApprovals(core, { focusWindow: focusMainWindow, isWindowFocused: () => mainWindow?.isFocused() ?? false });
  app.on('second-instance', focusMainWindow);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openMainWindow(core);
  });
}

// Every renderer, including any the app did not mean to create, runs in the OS sandbox.
app.enableSandbox();

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

// Two instances would share one data folder and overwrite each other's state.
if (app.requestSingleInstanceLock()) {
  start().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    dialog.showErrorBox(`${PRODUCT_NAME} could not start`, message);
    app.exit(1);
  });
} else {
  app.quit();
}
