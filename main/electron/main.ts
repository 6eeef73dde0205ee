import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, screen, session, shell } from 'electron';
import { IPC_EVENT_CHANNEL } from '../../shared/wire.js';
import type { Core } from '../core/core.js';
import { CoreSupervisor } from '../core-process/core-supervisor.js';
import { coreProcessEntryPath, preloadPath, rendererIndexUrl, resolveDataDir } from './app-paths.js';
import { APP_FRAME_ORIGIN_TEMPLATE, registerAppFrameScheme, serveAppFrames } from './app-protocol.js';
import { applyContentSecurityPolicy } from './csp.js';
import { bindCoreToWindow } from './ipc.js';
import { notifyPendingApprovals } from './os-notifications.js';
import { restrictPermissions } from './permissions.js';
import { openSignInPagesInBrowser } from './sign-in-browser.js';
import { askWhereToSave } from './save-dialogs.js';
import { findPackageRoot } from '../host/package-root.js';
import { aboutDetail } from './about.js';
import { appMenuTemplate } from './app-menu.js';
import { deepLinkInArgv, parseDeepLink } from './deep-link.js';
import { DEEP_LINK_SCHEME } from '../../shared/deep-link.js';
import { launchUtilityCore } from './utility-core.js';
import { loginShellPath, mergePath } from '../launcher/login-shell-path.js';
import { fitToDisplays, loadWindowState, saveWindowState } from './window-bounds.js';
import { createMainWindow } from './window.js';

const PRODUCT_NAME = 'MCP Loupe';

let mainWindow: BrowserWindow | null = null;
/** loupe:// links that arrived before the window could show them. */
const pendingLinks: string[] = [];

/** Opens the window where it was last (when that is still on a screen) and remembers where it is closed. */
async function openMainWindow(core: Core, dataDir: string): Promise<BrowserWindow> {
  const saved = await loadWindowState(dataDir);
  const bounds = saved ? fitToDisplays(saved.bounds, screen.getAllDisplays().map((display) => display.workArea)) : undefined;
  const win = createMainWindow({ preloadPath, indexUrl: rendererIndexUrl, title: PRODUCT_NAME, ...(bounds ? { bounds, maximized: saved?.maximized ?? false } : {}) });
  bindCoreToWindow(ipcMain, core, win);
  win.webContents.on('did-finish-load', deliverPendingLinks);
  win.on('close', () => {
    saveWindowState(dataDir, { bounds: win.getNormalBounds(), maximized: win.isMaximized() }).catch((error: unknown) => console.error('Could not save the window state:', error));
  });
  win.once('closed', () => {
    if (mainWindow === win) mainWindow = null;
  });
  mainWindow = win;
  return win;
}

/** Hands a loupe:// link to the window, which shows it for the person to confirm; it never acts on one itself. */
function deliverDeepLink(link: string): void {
  const win = mainWindow;
  if (!win || win.isDestroyed() || win.webContents.isLoading()) {
    pendingLinks.push(link);
    return;
  }
  win.webContents.send(IPC_EVENT_CHANNEL, 'app.deepLink', parseDeepLink(link));
  focusMainWindow();
}

function deliverPendingLinks(): void {
  for (const link of pendingLinks.splice(0)) deliverDeepLink(link);
}

function showAbout(): void {
  const { dependencies } = findPackageRoot();
  const detail = aboutDetail({
    app: app.getVersion(),
    electron: process.versions.electron,
    chromium: process.versions.chrome,
    node: process.versions.node,
    sdk: dependencies['@modelcontextprotocol/client'],
  });
  const options = { type: 'info' as const, title: `About ${PRODUCT_NAME}`, message: PRODUCT_NAME, detail, buttons: ['OK'] };
  void (mainWindow ? dialog.showMessageBox(mainWindow, options) : dialog.showMessageBox(options));
}

function installAppMenu(): void {
  const template = appMenuTemplate(PRODUCT_NAME, process.platform, {
    send: (command) => {
      if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(IPC_EVENT_CHANNEL, 'app.command', command);
    },
    showAbout,
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
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
  askWhereToSave(session.defaultSession, app.getPath('downloads'));

  const dataDir = resolveDataDir(process.argv, process.env, app.getPath('userData'));
  // Started from the Dock or a launcher (no terminal), the app lacks the login shell's PATH, where
  // npx and uvx live; the core and the servers it starts inherit this one.
  if (!process.stdin.isTTY) {
    const loginPath = await loginShellPath(process.env.SHELL);
    if (loginPath) {
      process.env.PATH = mergePath(loginPath, process.env.PATH);
      // The doctor says which PATH a command was found on (the core inherits this).
      process.env.LOUPE_LOGIN_SHELL_PATH = loginPath;
    }
  }
  // The core lives in a utilityProcess: a server that hangs or crashes it cannot take the window down.
  const core = await CoreSupervisor.start(() => launchUtilityCore(coreProcessEntryPath), {
    dataDir,
    mode: 'electron',
    version: app.getVersion(),
    appFrameOrigin: APP_FRAME_ORIGIN_TEMPLATE,
  });
  serveAppFrames(session.defaultSession, core.handlers);
  disposeCoreBeforeQuit(core);

  installAppMenu();
  await openMainWindow(core, dataDir);
  openSignInPagesInBrowser(core, (url) => shell.openExternal(url));
  notifyPendingApprovals(core, { focusWindow: focusMainWindow, isWindowFocused: () => mainWindow?.isFocused() ?? false });
  app.on('second-instance', (_event, argv: string[]) => {
    focusMainWindow();
    const link = deepLinkInArgv(argv);
    if (link) deliverDeepLink(link);
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void openMainWindow(core, dataDir);
  });
}

// Every renderer, including any the app did not mean to create, runs in the OS sandbox.
app.enableSandbox();
// MCP Apps' frames get origins of their own on loupe-app: (registered before the app is ready).
registerAppFrameScheme(protocol);

// loupe:// links: macOS delivers them as an event (also at launch), Windows and Linux as arguments.
app.on('open-url', (event, url) => {
  event.preventDefault();
  deliverDeepLink(url);
});
const launchLink = deepLinkInArgv(process.argv);
if (launchLink) pendingLinks.push(launchLink);
if (app.isPackaged) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);

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
