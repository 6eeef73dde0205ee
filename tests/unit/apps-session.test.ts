/**
 * AppSession, Loupe's host end of an app, driven as an app would drive it: ext-apps' AppBridge on
 * the frame transport, with a fake frame window and a fake bridge to the core.
 */
import { describe, expect, test, vi } from 'vitest';
import type { AppOpening, AppWireRecord } from '../../shared/apps.js';
import type { ToolInfo } from '../../shared/mcp.js';
import type { Bridge } from '../../renderer/src/bridge/types.js';
import { AppSession } from '../../renderer/src/features/tools/apps/app-session.js';

const ORIGIN = 'http://a0123456789abcdef01234567.localhost:5000';
const OPENING: AppOpening = {
  appId: '0123456789abcdef01234567',
  serverId: 'server-1',
  uri: 'ui://demo/app.html',
  url: `${ORIGIN}/`,
  origin: ORIGIN,
  meta: { csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] }, permissions: [] },
  policy: "default-src 'none'",
  problems: [],
  read: { violations: [], durationMs: 1, responseSize: 1 },
};
const TOOLS: ToolInfo[] = [
  { name: 'open', _meta: {} },
  { name: 'secret', _meta: { ui: { visibility: ['model'] } } },
  { name: 'helper', _meta: { ui: { visibility: ['app'] } } },
];

function setUp() {
  const target = new EventTarget();
  const toApp: Array<Record<string, unknown>> = [];
  const frame = { postMessage: (message: Record<string, unknown>, origin: string) => origin === ORIGIN && toApp.push(message) };
  const recorded: AppWireRecord[] = [];
  const invoke = vi.fn(async (name: string, params: Record<string, unknown>) => {
    if (name === 'apps.record') recorded.push(...(params.records as AppWireRecord[]));
    if (name === 'tools.call') return { result: { content: [{ type: 'text', text: `ran ${String(params.name)}` }] }, violations: [], durationMs: 1, responseSize: 1 };
    return undefined;
  });
  const api = { invoke, on: () => () => {} } as unknown as Bridge;
  const session = new AppSession({ api, opening: OPENING, hostVersion: '1.2.3', tools: () => TOOLS, theme: 'light', toolInput: { city: 'Oslo' }, messageTarget: target as unknown as Window });
  const fromApp = (data: unknown, origin = ORIGIN) => target.dispatchEvent(Object.assign(new Event('message'), { data, origin, source: frame }));
  const reply = async (id: number) => {
    await vi.waitFor(() => expect(toApp.some((message) => message.id === id && !('method' in message))).toBe(true), { timeout: 10_000 });
    return toApp.find((message) => message.id === id && !('method' in message))!;
  };
  const start = async () => {
    await session.connect(frame as unknown as Window);
    fromApp({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appInfo: { name: 'demo', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' } });
    const init = await reply(1);
    fromApp({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
    await vi.waitFor(() => expect(session.getState().status).toBe('ready'), { timeout: 10_000 });
    return init;
  };
  return { session, toApp, fromApp, reply, recorded, invoke, start };
}

describe('AppSession: the host end of an app', () => {
  test('answers ui/initialize as MCP Loupe, then sends the tool input, and records both directions', async () => {
    const { toApp, start, recorded, session } = setUp();
    const init = await start();
    expect((init.result as { hostInfo: { name: string } }).hostInfo.name).toBe('MCP Loupe');
    await vi.waitFor(() => expect(toApp.some((message) => message.method === 'ui/notifications/tool-input')).toBe(true), { timeout: 10_000 });
    expect(session.getState().appInfo).toEqual({ name: 'demo', version: '1' });
    await vi.waitFor(() => expect(recorded.some((record) => record.direction === 'in' && (record.message as { method?: string }).method === 'ui/initialize')).toBe(true), { timeout: 10_000 });
    expect(recorded.some((record) => record.direction === 'out' && (record.message as { id?: number }).id === 1)).toBe(true);
  });

  test('sends an allowed tool call to the core and the result back to the app', async () => {
    const { fromApp, reply, invoke, start } = setUp();
    await start();
    fromApp({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'helper', arguments: { n: 1 } } });
    const answer = await reply(2);
    expect(answer.result).toEqual({ content: [{ type: 'text', text: 'ran helper' }] });
    expect(invoke).toHaveBeenCalledWith('tools.call', expect.objectContaining({ serverId: 'server-1', name: 'helper', arguments: { n: 1 } }));
  });

  test('refuses a model-only tool and an unknown one without reaching the server, and reports what the app did', async () => {
    const { fromApp, reply, invoke, start, session, recorded } = setUp();
    await start();
    fromApp({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'secret', arguments: {} } });
    fromApp({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'ghost', arguments: {} } });
    expect(((await reply(3)).error as { message: string }).message).toMatch(/visible to the model only/);
    expect(((await reply(4)).error as { message: string }).message).toMatch(/does not list/);
    expect(invoke.mock.calls.filter(([name]) => name === 'tools.call')).toEqual([]);
    expect(session.getState().violations.map((violation) => violation.text)).toEqual([
      expect.stringMatching(/“secret”.*visible to the model only/),
      expect.stringMatching(/“ghost”.*does not list/),
    ]);
    await vi.waitFor(() => expect(recorded.filter((record) => record.violation).length).toBe(2), { timeout: 10_000 });
  });

  test('with asking on, a call waits for the person; declined, it fails for the app and never runs', async () => {
    const { fromApp, reply, invoke, start, session } = setUp();
    await start();
    session.setAskBeforeCalls(true);
    fromApp({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'open', arguments: {} } });
    await vi.waitFor(() => expect(session.getState().pendingCall).toEqual({ name: 'open', arguments: {} }));
    session.answerPendingCall(false);
    expect(((await reply(5)).error as { message: string }).message).toMatch(/declined/);
    expect(session.getState().pendingCall).toBeNull();
    expect(invoke.mock.calls.some(([name]) => name === 'tools.call')).toBe(false);
  });

  test('display mode requests and changes, size changes, and teardown', async () => {
    const { fromApp, reply, toApp, start, session, invoke } = setUp();
    await start();
    fromApp({ jsonrpc: '2.0', id: 6, method: 'ui/request-display-mode', params: { mode: 'fullscreen' } });
    expect((await reply(6)).result).toEqual({ mode: 'fullscreen' });
    expect(session.getState().displayMode).toBe('fullscreen');
    await vi.waitFor(() => expect(toApp.some((message) => message.method === 'ui/notifications/host-context-changed')).toBe(true), { timeout: 10_000 });
    fromApp({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: 300, height: 99_999 } });
    await vi.waitFor(() => expect(session.getState().requestedSize).toEqual({ width: 300, height: 4_000 }));

    const closing = session.close();
    await vi.waitFor(() => expect(toApp.some((message) => message.method === 'ui/resource-teardown')).toBe(true), { timeout: 10_000 });
    const teardown = toApp.find((message) => message.method === 'ui/resource-teardown')!;
    fromApp({ jsonrpc: '2.0', id: teardown.id, result: {} });
    await closing;
    expect(session.getState().status).toBe('closed');
    expect(invoke).toHaveBeenCalledWith('apps.close', { appId: OPENING.appId });
  });

  test('a message from another origin on the frame’s window never reaches the bridge', async () => {
    const { fromApp, toApp, start, session } = setUp();
    await start();
    const before = toApp.length;
    fromApp({ jsonrpc: '2.0', id: 7, method: 'ping' }, 'https://elsewhere.example');
    await vi.waitFor(() => expect(session.getState().violations).toHaveLength(1), { timeout: 10_000 });
    expect(toApp.length).toBe(before);
  });
});
