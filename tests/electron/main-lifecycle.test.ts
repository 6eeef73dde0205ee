import { describe, expect, it, vi } from 'vitest';
import { IPC_REQUEST_CHANNEL } from '../../shared/wire.js';
import { CONTENT_SECURITY_POLICY } from '../../main/electron/csp.js';

/** Electron's main-process API, reduced to what main.ts touches, recording what it is asked. */
const stub = vi.hoisted(() => {
  const calls: string[] = [];
  return {
    calls,
    appListeners: new Map<string, (...args: unknown[]) => void>(),
    windows: [] as Array<{ options: { webPreferences?: Record<string, unknown> }; loadURL: ReturnType<typeof vi.fn> }>,
    ipcHandle: vi.fn((channel: string) => calls.push(`ipc.handle ${channel}`)),
    onHeadersReceived: vi.fn(() => calls.push('csp')),
    setPermissionRequestHandler: vi.fn(() => calls.push('permissions')),
    setPermissionCheckHandler: vi.fn(),
    quit: vi.fn(),
    exit: vi.fn(),
    core: {
      handlers: {},
      subscribe: vi.fn(() => () => {}),
      dispose: vi.fn(async () => {
        calls.push('core.dispose');
      }),
    },
    createCore: vi.fn(),
    utilityFork: vi.fn(),
    setApplicationMenu: vi.fn(),
    sessionOn: vi.fn(),
    registerSchemesAsPrivileged: vi.fn(() => calls.push('registerSchemes')),
    protocolHandle: vi.fn(),
  };
});

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  class FakeBrowserWindow extends Emitter {
    static getAllWindows = () => stub.windows;
    readonly webContents = Object.assign(new Emitter(), { setWindowOpenHandler: vi.fn(), mainFrame: null, isLoading: () => false, isDestroyed: () => false, send: vi.fn() });
    readonly loadURL = vi.fn(() => Promise.resolve());
    constructor(readonly options: { webPreferences?: Record<string, unknown> }) {
      super();
      stub.calls.push('window');
      stub.windows.push(this);
    }
    isDestroyed = () => false;
    getNormalBounds = () => ({ x: 0, y: 0, width: 1280, height: 820 });
    isMaximized = () => false;
    maximize = vi.fn();
    isMinimized = () => false;
    restore = vi.fn();
    focus = vi.fn();
  }
  const app = {
    enableSandbox: vi.fn(() => stub.calls.push('enableSandbox')),
    requestSingleInstanceLock: () => true,
    whenReady: () => Promise.resolve(),
    getPath: (name: string) => `/fake/${name}`,
    getVersion: () => '9.8.7',
    on: (name: string, listener: (...args: unknown[]) => void) => stub.appListeners.set(name, listener),
    quit: stub.quit,
    exit: stub.exit,
  };
  return {
    app,
    BrowserWindow: FakeBrowserWindow,
    dialog: { showErrorBox: vi.fn() },
    ipcMain: { handle: stub.ipcHandle, removeHandler: vi.fn() },
    session: {
      defaultSession: {
        webRequest: { onHeadersReceived: stub.onHeadersReceived },
        setPermissionRequestHandler: stub.setPermissionRequestHandler,
        setPermissionCheckHandler: stub.setPermissionCheckHandler,
        on: stub.sessionOn,
        protocol: { handle: stub.protocolHandle },
      },
    },
    protocol: { registerSchemesAsPrivileged: stub.registerSchemesAsPrivileged },
    shell: { openExternal: vi.fn() },
    Menu: { buildFromTemplate: (template: unknown) => template, setApplicationMenu: stub.setApplicationMenu },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    utilityProcess: {
      fork: (...args: unknown[]) => {
        stub.utilityFork(...args);
        return Object.assign(new Emitter(), { pid: 4242, postMessage: vi.fn(), kill: vi.fn(), stdout: null, stderr: null });
      },
    },
  };
});

vi.mock('../../main/core-process/core-supervisor.js', () => ({ CoreSupervisor: { start: stub.createCore } }));

stub.createCore.mockImplementation(async () => {
  stub.calls.push('createCore');
  return stub.core;
});
const savedArgv = process.argv;
process.argv = [...savedArgv, '--data-dir', '/tmp/loupe-lifecycle-test'];
try {
  await import('../../main/electron/main.js');
  await vi.waitFor(() => expect(stub.windows).toHaveLength(1), { timeout: 10_000 });
} finally {
  process.argv = savedArgv;
}

describe('main.ts start-up', () => {
  it('sandboxes every renderer before the app is ready', () => {
    expect(stub.calls[0]).toBe('enableSandbox');
  });

  it('starts the core in a process of its own, in electron mode, with the data dir from --data-dir and the app version', () => {
    expect(stub.createCore).toHaveBeenCalledExactlyOnceWith(expect.any(Function), {
      dataDir: '/tmp/loupe-lifecycle-test',
      mode: 'electron',
      version: '9.8.7',
      appFrameOrigin: 'loupe-app://{app}',
    });
  });

  it('registers loupe-app: before the app is ready and serves MCP App frames on it from the core', () => {
    expect(stub.registerSchemesAsPrivileged).toHaveBeenCalledExactlyOnceWith([{ scheme: 'loupe-app', privileges: { standard: true, secure: true } }]);
    expect(stub.calls.indexOf('registerSchemes')).toBeLessThan(stub.calls.indexOf('createCore'));
    expect(stub.protocolHandle).toHaveBeenCalledExactlyOnceWith('loupe-app', expect.any(Function));
  });

  it('launches that process with Electron\'s utilityProcess, from the compiled entry point', () => {
    const launch = stub.createCore.mock.calls[0]![0] as () => { pid: number | undefined };
    launch();
    expect(stub.utilityFork).toHaveBeenCalledExactlyOnceWith(
      expect.stringMatching(/main[/\\]core-process[/\\]core-process-main\.js$/),
      [],
      expect.objectContaining({ serviceName: 'MCP Loupe core' }),
    );
  });

  it('applies the CSP and the permission policy before any window exists', () => {
    expect(stub.calls.indexOf('csp')).toBeGreaterThan(-1);
    expect(stub.calls.indexOf('permissions')).toBeGreaterThan(-1);
    expect(stub.calls.indexOf('csp')).toBeLessThan(stub.calls.indexOf('window'));
    expect(stub.calls.indexOf('permissions')).toBeLessThan(stub.calls.indexOf('window'));
    const listener = stub.onHeadersReceived.mock.calls[0] as unknown as [(d: object, cb: (r: object) => void) => void];
    const callback = vi.fn();
    listener[0]({ responseHeaders: {} }, callback);
    expect(callback).toHaveBeenCalledWith({ responseHeaders: { 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });

  it('opens one secure window on the built renderer and binds the contract to IPC', () => {
    const [win] = stub.windows;
    expect(win!.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(String(win!.options.webPreferences!.preload)).toMatch(/preload[/\\]index\.cjs$/);
    expect(String(win!.loadURL.mock.calls[0]![0])).toMatch(/^file:\/\/.*\/renderer\/index\.html$/);
    expect(stub.ipcHandle).toHaveBeenCalledExactlyOnceWith(IPC_REQUEST_CHANNEL, expect.any(Function));
  });
});

describe('main.ts desktop conventions', () => {
  it('saves files through the system Save dialog, opening in Downloads under the chosen name', () => {
    const [event, listener] = stub.sessionOn.mock.calls[0] as unknown as [string, (event: unknown, item: unknown) => void];
    expect(event).toBe('will-download');
    const item = { getFilename: () => 'loupe-traffic.jsonl', setSaveDialogOptions: vi.fn() };
    listener({}, item);
    expect(item.setSaveDialogOptions).toHaveBeenCalledWith(expect.objectContaining({ defaultPath: expect.stringMatching(/[/\\]fake[/\\]downloads[/\\]loupe-traffic\.jsonl$/) }));
  });

  it('installs the application menu with the edit, window and help roles', () => {
    const template = stub.setApplicationMenu.mock.calls[0]![0] as Array<{ role?: string }>;
    expect(template.map((item) => item.role).filter(Boolean)).toEqual(expect.arrayContaining(['editMenu', 'windowMenu', 'help']));
  });
});

describe('main.ts loupe:// links', () => {
  const LINK = `loupe://add-server?config=${encodeURIComponent(JSON.stringify({ name: 'Linked', command: 'npx', args: ['-y', 'some-server'] }))}`;
  const sent = () => (stub.windows[0] as unknown as { webContents: { send: ReturnType<typeof vi.fn> } }).webContents.send;

  it('a link from a second launch reaches the window as a proposal to confirm', () => {
    stub.appListeners.get('second-instance')!({}, ['/opt/loupe', LINK]);
    expect(sent()).toHaveBeenLastCalledWith('loupe:event', 'app.deepLink', {
      kind: 'add-server',
      proposal: { name: 'Linked', transport: { type: 'stdio', command: 'npx', args: ['-y', 'some-server'], env: [] } },
    });
  });

  it('a macOS open-url link does too; a broken one arrives as a sentence', () => {
    const preventDefault = vi.fn();
    stub.appListeners.get('open-url')!({ preventDefault }, 'loupe://add-server?config=%7Bnot');
    expect(preventDefault).toHaveBeenCalled();
    expect(sent()).toHaveBeenLastCalledWith('loupe:event', 'app.deepLink', { kind: 'invalid', reason: 'A loupe:// link could not be used: Its config is not valid JSON.' });
  });
});

describe('main.ts quitting', () => {
  it('holds the quit until the core is disposed, then quits', async () => {
    const willQuit = stub.appListeners.get('will-quit');
    expect(willQuit).toBeTypeOf('function');
    const event = { preventDefault: vi.fn() };
    willQuit!(event);
    expect(event.preventDefault).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(stub.quit).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(stub.core.dispose).toHaveBeenCalledTimes(1);

    // The second will-quit, from that app.quit(), goes through.
    const second = { preventDefault: vi.fn() };
    willQuit!(second);
    expect(second.preventDefault).not.toHaveBeenCalled();
    expect(stub.core.dispose).toHaveBeenCalledTimes(1);
  });

  it('quits when the last window closes (except on macOS)', () => {
    stub.quit.mockClear();
    stub.appListeners.get('window-all-closed')!();
    expect(stub.quit).toHaveBeenCalledTimes(process.platform === 'darwin' ? 0 : 1);
  });
});
