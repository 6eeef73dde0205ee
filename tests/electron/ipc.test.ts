import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeReplyFile } from '../../main/core-process/reply-files.js';
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { requestNames, type RequestHandlers, type RequestName } from '../../shared/contract.js';
import { IPC_EVENT_CHANNEL, IPC_REQUEST_CHANNEL, type WireResult } from '../../shared/wire.js';
import type { Core, CoreEventListener } from '../../main/core/core.js';
import { bindCoreToWindow, REFUSED_SENDER } from '../../main/electron/ipc.js';

const INDEX_URL = 'file:///opt/mcp-loupe/dist/renderer/index.html';

interface FakeFrame {
  url: string;
  processId: number;
  routingId: number;
}

function setUp(dispatch?: Core['dispatch']) {
  const mainFrame: FakeFrame = { url: INDEX_URL, processId: 4, routingId: 1 };
  const webContents = { mainFrame, send: vi.fn(), isDestroyed: () => false };
  const windowEvents = new EventEmitter();
  let destroyed = false;
  const win = {
    webContents,
    isDestroyed: () => destroyed,
    once: (name: string, listener: () => void) => windowEvents.once(name, listener),
  };
  const close = () => {
    destroyed = true;
    windowEvents.emit('closed');
  };

  const handlers = Object.fromEntries(
    requestNames.map((name) => [name, vi.fn(async (params: unknown) => ({ handled: name, params }))]),
  ) as Record<RequestName, Mock<(params: unknown) => Promise<unknown>>>;
  const coreListeners = new Set<CoreEventListener>();
  const core: Pick<Core, 'handlers' | 'dispatch' | 'subscribe'> = {
    handlers: handlers as unknown as RequestHandlers,
    ...(dispatch ? { dispatch } : {}),
    subscribe(listener) {
      coreListeners.add(listener);
      return () => coreListeners.delete(listener);
    },
  };
  const emit: CoreEventListener = (name, payload) => {
    for (const listener of coreListeners) listener(name, payload);
  };

  const handle = vi.fn();
  const removeHandler = vi.fn();
  const ipcMain = { handle, removeHandler } as unknown as IpcMain;
  bindCoreToWindow(ipcMain, core, win as never, INDEX_URL);
  expect(handle).toHaveBeenCalledExactlyOnceWith(IPC_REQUEST_CHANNEL, expect.any(Function));
  const ipcHandler = handle.mock.calls[0]![1] as (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<WireResult> | WireResult;

  const invoke = (sender: { frame: FakeFrame | null; webContents?: unknown }, name: unknown, params?: unknown) =>
    Promise.resolve(
      ipcHandler(
        { sender: sender.webContents ?? webContents, senderFrame: sender.frame } as unknown as IpcMainInvokeEvent,
        name,
        params,
      ),
    );

  return { mainFrame, webContents, handlers, invoke, emit, close, removeHandler, coreListeners };
}

function expectNoHandlerCalled(handlers: Record<RequestName, Mock>) {
  for (const name of requestNames) expect(handlers[name]).not.toHaveBeenCalled();
}

describe('bindCoreToWindow: requests', () => {
  it('passes a large reply the core process wrote to a file to the window as its bytes, and deletes the file', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'loupe-ipc-'));
    const file = writeReplyFile(folder, Buffer.from('{"big":"☃"}'));
    const { mainFrame, invoke } = setUp(async () => ({ ok: true, file }));
    const result = await invoke({ frame: mainFrame }, 'tools.call', {});
    expect(result).toEqual({ ok: true, json: expect.any(Uint8Array) });
    expect(new TextDecoder().decode((result as unknown as { json: Uint8Array }).json)).toBe('{"big":"☃"}');
    expect(existsSync(file.path)).toBe(false);
  });

  it('passes a value the core process sent as JSON text to the window as a value', async () => {
    const { mainFrame, invoke } = setUp(async () => ({ ok: true, text: '{"servers":[]}' }));
    expect(await invoke({ frame: mainFrame }, 'servers.list')).toEqual({ ok: true, value: { servers: [] } });
  });

  it('lets a call from the main frame showing the app page reach its handler', async () => {
    const { mainFrame, handlers, invoke } = setUp();
    const result = await invoke({ frame: mainFrame }, 'servers.remove', { id: 's1' });
    expect(handlers['servers.remove']).toHaveBeenCalledExactlyOnceWith({ id: 's1' });
    expect(result).toEqual({ ok: true, value: { handled: 'servers.remove', params: { id: 's1' } } });
  });

  it('accepts the main frame when the page URL has a fragment or query', async () => {
    const { mainFrame, handlers, invoke } = setUp();
    mainFrame.url = `${INDEX_URL}?x=1#/servers`;
    const result = await invoke({ frame: mainFrame }, 'servers.list');
    expect(result.ok).toBe(true);
    expect(handlers['servers.list']).toHaveBeenCalledTimes(1);
  });

  it('accepts an equal main frame object (same process and routing id)', async () => {
    const { handlers, invoke } = setUp();
    const result = await invoke({ frame: { url: INDEX_URL, processId: 4, routingId: 1 } }, 'servers.list');
    expect(result.ok).toBe(true);
    expect(handlers['servers.list']).toHaveBeenCalledTimes(1);
  });

  it('refuses a call from a subframe, even one showing the app page', async () => {
    const { handlers, invoke } = setUp();
    const subframe = { url: INDEX_URL, processId: 4, routingId: 7 };
    expect(await invoke({ frame: subframe }, 'servers.remove', { id: 's1' })).toEqual(REFUSED_SENDER);
    expectNoHandlerCalled(handlers);
  });

  it.each([
    'https://evil.example/index.html',
    'file:///tmp/evil/index.html',
    'file:///opt/mcp-loupe/dist/renderer/other.html',
    'file://remote-host/opt/mcp-loupe/dist/renderer/index.html',
    'about:blank',
    'data:text/html,hi',
    '',
  ])('refuses a call from the main frame once it shows %j', async (url) => {
    const { mainFrame, handlers, invoke } = setUp();
    mainFrame.url = url;
    expect(await invoke({ frame: mainFrame }, 'servers.list')).toEqual(REFUSED_SENDER);
    expectNoHandlerCalled(handlers);
  });

  it('refuses a call whose frame is gone', async () => {
    const { handlers, invoke } = setUp();
    expect(await invoke({ frame: null }, 'servers.list')).toEqual(REFUSED_SENDER);
    expectNoHandlerCalled(handlers);
  });

  it('refuses a call from another web contents', async () => {
    const { mainFrame, handlers, invoke } = setUp();
    const otherContents = { mainFrame, send: vi.fn(), isDestroyed: () => false };
    expect(await invoke({ frame: mainFrame, webContents: otherContents }, 'servers.list')).toEqual(REFUSED_SENDER);
    expectNoHandlerCalled(handlers);
  });

  it('refuses every call once the window is closed', async () => {
    const { mainFrame, handlers, invoke, close } = setUp();
    close();
    expect(await invoke({ frame: mainFrame }, 'servers.list')).toEqual(REFUSED_SENDER);
    expectNoHandlerCalled(handlers);
  });

  it('goes through the shared dispatcher: unknown names and failures become WireResult errors', async () => {
    const { mainFrame, handlers, invoke } = setUp();
    expect(await invoke({ frame: mainFrame }, 'constructor')).toMatchObject({ ok: false, error: { code: 'unknown-request' } });
    handlers['tools.call'].mockRejectedValueOnce(new Error('server went away'));
    expect(await invoke({ frame: mainFrame }, 'tools.call', { serverId: 's', name: 't', arguments: {}, callId: 'c' })).toEqual({ ok: false, error: { message: 'server went away' } });
  });
});

describe('bindCoreToWindow: events and lifetime', () => {
  it('forwards core events to the window on the event channel', () => {
    const { webContents, emit } = setUp();
    emit('traffic.cleared', undefined);
    emit('app.notice', { id: 'n1', level: 'info', message: 'hello' });
    expect(webContents.send.mock.calls).toEqual([
      [IPC_EVENT_CHANNEL, 'traffic.cleared', undefined],
      [IPC_EVENT_CHANNEL, 'app.notice', { id: 'n1', level: 'info', message: 'hello' }],
    ]);
  });

  it('stops forwarding and removes the IPC handler when the window closes', () => {
    const { webContents, emit, close, removeHandler, coreListeners } = setUp();
    close();
    expect(coreListeners.size).toBe(0);
    expect(removeHandler).toHaveBeenCalledExactlyOnceWith(IPC_REQUEST_CHANNEL);
    emit('traffic.cleared', undefined);
    expect(webContents.send).not.toHaveBeenCalled();
  });
});
