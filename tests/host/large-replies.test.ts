/**
 * Large replies: the WebSocket carries only where to fetch them; the page's worker fetches the JSON
 * from the host once, with the session cookie. A core process hands them over as files.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoreReply } from '../../main/core/core.js';
import { prepareReplyFolder, takeReplyFile, writeReplyFile } from '../../main/core-process/reply-files.js';
import { startHost, type RunningHost } from '../../main/host/start-host.js';
import { WebSocketBridge } from '../../renderer/src/bridge/websocket-bridge.js';
import { SERIALIZED_REPLY_MIN_CHARS, type WireMessage } from '../../shared/wire.js';
import { createFakeCore, createRendererDir, messageCollector, openWebSocket, rawHttp, type FakeCore } from './helpers.js';

const TOKEN = 'large-replies-token-0123456789abcdefghijklmn';

describe('large replies in browser mode', () => {
  let fake: FakeCore;
  let host: RunningHost;
  let renderer: Awaited<ReturnType<typeof createRendererDir>>;
  let folder: string;
  let dispatched: CoreReply | undefined;

  beforeEach(async () => {
    fake = createFakeCore();
    dispatched = undefined;
    // A core in another process answers some requests with a file (CoreSupervisor.dispatch).
    const core = { ...fake.core, dispatch: vi.fn(async () => dispatched!) };
    renderer = await createRendererDir();
    folder = await mkdtemp(join(tmpdir(), 'loupe-replies-'));
    host = await startHost({ core, host: '127.0.0.1', port: 0, rendererDir: renderer.rendererDir, token: TOKEN });
  });

  afterEach(async () => {
    await host.close();
    await renderer.cleanup();
    await rm(folder, { recursive: true, force: true });
  });

  const cookie = `loupe_token=${TOKEN}`;
  const connect = async () => {
    const opened = await openWebSocket(`ws://127.0.0.1:${host.port}/bridge`, { Origin: `http://127.0.0.1:${host.port}`, Cookie: cookie });
    if (!opened.opened) throw new Error(`refused: ${opened.status}`);
    return { socket: opened.socket, messages: messageCollector(opened.socket) };
  };
  const ask = async (id: number) => {
    const { socket, messages } = await connect();
    socket.send(JSON.stringify({ type: 'request', id, name: 'tools.call', params: {} }));
    const message = (await messages.next((candidate) => candidate.type === 'response' && candidate.id === id)) as Extract<WireMessage, { type: 'response' }>;
    socket.close();
    return message;
  };

  it('a value from a file goes as a fetch notice; the JSON is served once, to the token holder, and the file is deleted', async () => {
    prepareReplyFolder(folder);
    const value = { content: [{ type: 'text', text: 'a quick brown fox 🦊 '.repeat(10_000) }] };
    const file = writeReplyFile(folder, Buffer.from(JSON.stringify(value)));
    dispatched = { ok: true, file };
    const message = await ask(7);
    expect(message).toEqual({ type: 'response', id: 7, ok: true, fetch: expect.stringMatching(/^\/replies\/[0-9a-f]{32}$/) });
    const path = (message as { fetch: string }).fetch;

    expect((await rawHttp(host.port, path)).status).toBe(401);
    expect((await rawHttp(host.port, path, { method: 'HEAD', headers: { Cookie: cookie } })).status).toBe(405);
    const served = await rawHttp(host.port, path, { headers: { Cookie: cookie } });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('application/json');
    expect(served.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(served.body)).toEqual(value);
    await vi.waitFor(() => expect(existsSync(file.path)).toBe(false), { timeout: 10_000 });
    expect((await rawHttp(host.port, path, { headers: { Cookie: cookie } })).status).toBe(404);
  });

  it('a large value from an in-process core is stashed too; a small one stays inline', async () => {
    const big = { text: 'x'.repeat(SERIALIZED_REPLY_MIN_CHARS) };
    dispatched = { ok: true, value: big };
    const large = await ask(8);
    expect('fetch' in large).toBe(true);
    const served = await rawHttp(host.port, (large as { fetch: string }).fetch, { headers: { Cookie: cookie } });
    expect(JSON.parse(served.body)).toEqual(big);

    dispatched = { ok: true, value: { small: true } };
    expect(await ask(9)).toEqual({ type: 'response', id: 9, ok: true, value: { small: true } });
    // A core process's text is passed on as it is, not parsed and serialized again.
    dispatched = { ok: true, text: '{"n":1.0}' };
    const { socket, messages } = await connect();
    const rawTexts: string[] = [];
    socket.on('message', (data) => rawTexts.push(String(data)));
    socket.send(JSON.stringify({ type: 'request', id: 12, name: 'tools.call', params: {} }));
    await messages.next((candidate) => candidate.type === 'response' && candidate.id === 12);
    socket.close();
    expect(rawTexts).toContain('{"type":"response","id":12,"ok":true,"value":{"n":1.0}}');
    dispatched = { ok: false, error: { message: 'nope', code: 'invalid' } };
    expect(await ask(10)).toEqual({ type: 'response', id: 10, ok: false, error: { message: 'nope', code: 'invalid' } });
  });

  it('an unfetched reply file is deleted when the host closes', async () => {
    prepareReplyFolder(folder);
    const file = writeReplyFile(folder, Buffer.from(JSON.stringify({ text: 'y'.repeat(100) })));
    dispatched = { ok: true, file };
    await ask(11);
    expect(existsSync(file.path)).toBe(true);
    await host.close();
    expect(existsSync(file.path)).toBe(false);
  });
});

describe('reply files', () => {
  it('are read once, then deleted; a new core empties the folder of leftovers', async () => {
    const base = await mkdtemp(join(tmpdir(), 'loupe-replies-'));
    const folder = join(base, 'replies');
    prepareReplyFolder(folder);
    const file = writeReplyFile(folder, Buffer.from('{"a":1}'));
    expect((await takeReplyFile(file)).toString()).toBe('{"a":1}');
    expect(existsSync(file.path)).toBe(false);
    writeFileSync(join(folder, 'left-over.json'), '{}');
    prepareReplyFolder(folder);
    expect(readdirSync(folder)).toEqual([]);
    await rm(base, { recursive: true, force: true });
  });
});

/** The page's side: a socket the test feeds messages into. */
class PageSideSocket extends EventTarget {
  static readonly OPEN = 1;
  readyState = 1;
  sent: string[] = [];
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
  receive(data: string) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

describe('the page', () => {
  it('hands a fetch notice to its large-reply parser and resolves the call with what it parsed; a failed fetch rejects the call', async () => {
    const previous = globalThis.WebSocket;
    globalThis.WebSocket = PageSideSocket as unknown as typeof WebSocket;
    const socket = new PageSideSocket();
    const parseLarge = vi.fn(async (source: { url: string } | { bytes: Uint8Array }) => {
      if ('url' in source && source.url === '/replies/gone') throw new Error('HTTP 404');
      return { fetched: source };
    });
    try {
      const bridge = new WebSocketBridge(
        'ws://loupe.test/bridge',
        () => {
          queueMicrotask(() => socket.dispatchEvent(new Event('open')));
          return socket as unknown as WebSocket;
        },
        parseLarge,
      );
      await vi.waitFor(() => expect(bridge.getLinkState().status).toBe('open'), { timeout: 10_000 });
      const result = bridge.invoke('traffic.get', { seq: 9 });
      const failed = bridge.invoke('traffic.get', { seq: 10 });
      const [first, second] = socket.sent.map((text) => JSON.parse(text) as { id: number });
      socket.receive(JSON.stringify({ type: 'response', id: first!.id, ok: true, fetch: '/replies/abc' }));
      socket.receive(JSON.stringify({ type: 'response', id: second!.id, ok: true, fetch: '/replies/gone' }));
      await expect(result).resolves.toEqual({ fetched: { url: '/replies/abc' } });
      await expect(failed).rejects.toThrow('The reply could not be read: HTTP 404');
      expect(parseLarge).toHaveBeenCalledTimes(2);
    } finally {
      globalThis.WebSocket = previous;
    }
  });
});
