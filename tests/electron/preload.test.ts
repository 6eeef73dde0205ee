import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it, vi } from 'vitest';
import { IPC_EVENT_CHANNEL, IPC_REQUEST_CHANNEL, PRELOAD_GLOBAL, type PreloadApi, type WireResult } from '../../shared/wire.js';

const source = readFileSync(new URL('../../preload/index.cts', import.meta.url), 'utf8');
const compiled = ts.transpileModule(source, {
  compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
}).outputText;

/**
 * Runs the preload the way Electron runs a sandboxed one: as a function of
 * (require, process, exports, module) whose `require` knows only 'electron'.
 */
function loadPreload(invokeResult: (name: unknown, params: unknown) => WireResult = () => ({ ok: true, value: null })) {
  const required: string[] = [];
  const exposed = new Map<string, unknown>();
  const ipcRenderer = Object.assign(new EventEmitter(), {
    invoke: vi.fn(async (_channel: string, name: unknown, params: unknown) => invokeResult(name, params)),
  });
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
    ipcRenderer,
  };
  const sandboxRequire = (id: string) => {
    required.push(id);
    if (id === 'electron') return electron;
    throw new Error(`module not found: ${id}`);
  };
  const exports = {};
  const run = new Function('require', 'process', 'exports', 'module', compiled) as (...args: unknown[]) => void;
  run(sandboxRequire, {}, exports, { exports });
  return { required, exposed, ipcRenderer, api: exposed.get(PRELOAD_GLOBAL) as PreloadApi };
}

describe('preload', () => {
  it('inlines the same channel and global names as shared/wire.ts', () => {
    const literal = (name: string) => new RegExp(`const ${name} = '([^']*)';`).exec(source)?.[1];
    expect(literal('IPC_REQUEST_CHANNEL')).toBe(IPC_REQUEST_CHANNEL);
    expect(literal('IPC_EVENT_CHANNEL')).toBe(IPC_EVENT_CHANNEL);
    expect(literal('PRELOAD_GLOBAL')).toBe(PRELOAD_GLOBAL);
  });

  it("requires nothing but 'electron' and exposes exactly one object", () => {
    const { required, exposed } = loadPreload();
    expect(required).toEqual(['electron']);
    expect([...exposed.keys()]).toEqual([PRELOAD_GLOBAL]);
    expect(Object.keys(exposed.get(PRELOAD_GLOBAL) as object).sort()).toEqual(['on', 'request']);
  });

  it('sends a request on the request channel and resolves with its WireResult', async () => {
    const { api, ipcRenderer } = loadPreload((name, params) => ({ ok: true, value: { name, params } }));
    await expect(api.request('servers.remove', { id: 's1' })).resolves.toEqual({ ok: true, value: { name: 'servers.remove', params: { id: 's1' } } });
    expect(ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith(IPC_REQUEST_CHANNEL, 'servers.remove', { id: 's1' });
  });

  it('sends undefined params for a request without params', async () => {
    const { api, ipcRenderer } = loadPreload(() => ({ ok: true, value: [] }));
    await expect(api.request('servers.list', undefined)).resolves.toEqual({ ok: true, value: [] });
    expect(ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith(IPC_REQUEST_CHANNEL, 'servers.list', undefined);
  });

  it('hands a failed request back as its WireResult, for the renderer to turn into a BridgeError', async () => {
    const { api } = loadPreload(() => ({ ok: false, error: { message: 'No such server: s9', code: 'not-found' } }));
    await expect(api.request('servers.remove', { id: 's9' })).resolves.toEqual({ ok: false, error: { message: 'No such server: s9', code: 'not-found' } });
  });

  it('delivers only the events of the subscribed name, payload only', () => {
    const { api, ipcRenderer } = loadPreload();
    const cleared = vi.fn();
    const notices = vi.fn();
    api.on('traffic.cleared', cleared);
    api.on('app.notice', notices);
    const notice = { id: 'n1', level: 'info', message: 'hi' };
    ipcRenderer.emit(IPC_EVENT_CHANNEL, { sender: 'ipc event object' }, 'app.notice', notice);
    ipcRenderer.emit(IPC_EVENT_CHANNEL, { sender: 'ipc event object' }, 'servers.changed', []);
    expect(notices).toHaveBeenCalledExactlyOnceWith(notice);
    expect(cleared).not.toHaveBeenCalled();
  });

  it('ignores messages on other channels', () => {
    const { api, ipcRenderer } = loadPreload();
    const notices = vi.fn();
    api.on('app.notice', notices);
    ipcRenderer.emit('some-other-channel', {}, 'app.notice', {});
    expect(notices).not.toHaveBeenCalled();
  });

  it('stops delivering after unsubscribe, leaving other listeners alone', () => {
    const { api, ipcRenderer } = loadPreload();
    const first = vi.fn();
    const second = vi.fn();
    const unsubscribeFirst = api.on('traffic.cleared', first);
    api.on('traffic.cleared', second);
    unsubscribeFirst();
    ipcRenderer.emit(IPC_EVENT_CHANNEL, {}, 'traffic.cleared', undefined);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('keeps delivering to the other listeners when one throws', () => {
    const { api, ipcRenderer } = loadPreload();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const survivor = vi.fn();
    api.on('traffic.cleared', () => {
      throw new Error('listener bug');
    });
    api.on('traffic.cleared', survivor);
    ipcRenderer.emit(IPC_EVENT_CHANNEL, {}, 'traffic.cleared', undefined);
    expect(survivor).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });
});
