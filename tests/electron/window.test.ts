import type { EventEmitter } from 'node:events';
import type { BrowserWindowConstructorOptions, HandlerDetails, WindowOpenHandlerResponse } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMainWindow } from '../../main/electron/window.js';

const electronStub = vi.hoisted(() => ({
  windows: [] as unknown[],
  openExternal: vi.fn((_url: string) => Promise.resolve()),
}));

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');

  class FakeWebContents extends Emitter {
    windowOpenHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | null = null;
    setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse) {
      this.windowOpenHandler = handler;
    }
  }

  class FakeBrowserWindow extends Emitter {
    readonly webContents = new FakeWebContents();
    readonly loadURL = vi.fn(() => Promise.resolve());
    readonly show = vi.fn();
    constructor(readonly options: BrowserWindowConstructorOptions) {
      super();
      electronStub.windows.push(this);
    }
  }

  return { BrowserWindow: FakeBrowserWindow, shell: { openExternal: electronStub.openExternal } };
});

/** What the fake window in the electron stub above exposes to the tests. */
interface FakeWindow {
  options: BrowserWindowConstructorOptions;
  webContents: EventEmitter & { windowOpenHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | null };
  loadURL: ReturnType<typeof vi.fn>;
}

const INDEX_URL = 'file:///opt/mcp-loupe/dist/renderer/index.html';

function openWindow(): FakeWindow {
  createMainWindow({ preloadPath: '/opt/mcp-loupe/dist/preload/index.cjs', indexUrl: INDEX_URL, title: 'MCP Loupe' });
  return electronStub.windows.at(-1) as unknown as FakeWindow;
}

function preventable() {
  return { preventDefault: vi.fn() };
}

function windowOpen(win: FakeWindow, url: string): WindowOpenHandlerResponse {
  const handler = win.webContents.windowOpenHandler;
  expect(handler).toBeTypeOf('function');
  return handler!({ url } as HandlerDetails);
}

beforeEach(() => {
  electronStub.openExternal.mockClear();
});

describe('createMainWindow', () => {
  it('creates the window with the secure webPreferences', () => {
    const prefs = openWindow().options.webPreferences!;
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.allowRunningInsecureContent ?? false).toBe(false);
    expect(prefs.preload).toBe('/opt/mcp-loupe/dist/preload/index.cjs');
  });

  it('loads the app page from a file:// URL', () => {
    const win = openWindow();
    expect(win.loadURL).toHaveBeenCalledExactlyOnceWith(INDEX_URL);
  });

  it.each(['will-navigate', 'will-redirect', 'will-attach-webview'])('prevents %s', (eventName) => {
    const win = openWindow();
    const event = preventable();
    win.webContents.emit(eventName, event, 'https://example.com/');
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('prevents navigation even to its own page', () => {
    const win = openWindow();
    const event = preventable();
    win.webContents.emit('will-navigate', event, INDEX_URL);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it.each(['https://modelcontextprotocol.io/docs', 'http://localhost:3000/'])(
    'denies window.open(%s) and hands it to the browser',
    (url) => {
      const win = openWindow();
      expect(windowOpen(win, url)).toEqual({ action: 'deny' });
      expect(electronStub.openExternal).toHaveBeenCalledExactlyOnceWith(url);
    },
  );

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'smb://attacker/share',
    'vscode://some.extension/run',
    'ms-msdt:/id PCWDiagnostic',
    'about:blank',
    'not a url',
    '',
  ])('denies window.open(%j) and opens nothing', (url) => {
    const win = openWindow();
    expect(windowOpen(win, url)).toEqual({ action: 'deny' });
    expect(electronStub.openExternal).not.toHaveBeenCalled();
  });
});
