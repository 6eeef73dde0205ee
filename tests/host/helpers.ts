import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { vi, type Mock } from 'vitest';
import { WebSocket } from 'ws';
import { requestNames, type EventName, type EventPayload, type RequestHandlers, type RequestName } from '../../shared/contract.js';
import type { WireMessage } from '../../shared/wire.js';
import type { Core, CoreEventListener } from '../../main/core/core.js';

export type HandlerSpy = Mock<(params: unknown) => Promise<unknown>>;

export interface FakeCore {
  core: Core;
  spies: Record<RequestName, HandlerSpy>;
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void;
  listenerCount(): number;
}

/** A Core whose handlers are spies and whose events the test fires by hand. */
export function createFakeCore(): FakeCore {
  const listeners = new Set<CoreEventListener>();
  const spies = Object.fromEntries(requestNames.map((name) => [name, vi.fn(async (_params: unknown) => null as unknown)])) as Record<
    RequestName,
    HandlerSpy
  >;
  const core: Core = {
    handlers: spies as unknown as RequestHandlers,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: vi.fn(async () => {}),
  };
  return {
    core,
    spies,
    emit: (name, payload) => {
      for (const listener of listeners) listener(name, payload);
    },
    listenerCount: () => listeners.size,
  };
}

export function totalHandlerCalls(spies: Record<RequestName, HandlerSpy>): number {
  return Object.values(spies).reduce((sum, spy) => sum + spy.mock.calls.length, 0);
}

export const SECRET = 'TOP-SECRET-OUTSIDE-RENDERER';
export const INDEX_HTML = '<!doctype html><html><head><title>Loupe test</title></head><body><div id="root"></div></body></html>';

/** <tmp>/renderer with index.html and assets, plus <tmp>/secret.txt outside it and a symlink pointing out. */
export async function createRendererDir(): Promise<{ base: string; rendererDir: string; cleanup(): Promise<void> }> {
  const base = await mkdtemp(path.join(tmpdir(), 'loupe-host-'));
  const rendererDir = path.join(base, 'renderer');
  await mkdir(path.join(rendererDir, 'assets'), { recursive: true });
  await writeFile(path.join(rendererDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(rendererDir, 'assets', 'app.js'), 'console.log("app");');
  await writeFile(path.join(rendererDir, 'assets', 'app.css'), 'body{margin:0}');
  await writeFile(path.join(base, 'secret.txt'), SECRET);
  await symlink(path.join(base, 'secret.txt'), path.join(rendererDir, 'assets', 'link.txt'));
  return { base, rendererDir, cleanup: () => rm(base, { recursive: true, force: true }) };
}

export interface HttpResult {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A raw HTTP request: the path is sent exactly as given (no normalisation), and headers
 * such as Host can be set or left out (`host: null`).
 */
export function rawHttp(
  port: number,
  requestPath: string,
  options: { method?: string; headers?: Record<string, string | null> } = {},
): Promise<HttpResult> {
  const headers: OutgoingHttpHeaders = {};
  let setHost = true;
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (name.toLowerCase() === 'host') setHost = value !== null;
    if (value !== null) headers[name] = value;
  }
  if (setHost && !('host' in headers) && !('Host' in headers)) headers.host = `127.0.0.1:${port}`;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: requestPath, method: options.method ?? 'GET', headers, setHost: false, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A client WebSocket frame (clients must mask). */
export function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const mask = randomBytes(4);
  const header =
    payload.length < 126
      ? Buffer.from([0x81, 0x80 | payload.length])
      : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  const masked = Buffer.from(payload.map((byte, index) => byte ^ (mask[index % 4] ?? 0)));
  return Buffer.concat([header, mask, masked]);
}

/**
 * Sends an upgrade request and, in the same write, a request frame, as an attacker would
 * without waiting for the handshake. Resolves with everything the server sent back.
 */
export function rawUpgradeWithFrame(port: number, requestPath: string, headers: Record<string, string>, frameText: string): Promise<string> {
  const lines = [
    `GET ${requestPath} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: Upgrade',
    'Upgrade: websocket',
    'Sec-WebSocket-Version: 13',
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1'));
    };
    socket.on('connect', () => socket.write(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), maskedTextFrame(frameText)])));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', finish);
    socket.on('error', (error) => (chunks.length > 0 ? finish() : reject(error)));
    // A successful upgrade keeps the socket open: give the server time to answer the frame.
    setTimeout(finish, 500);
  });
}

export type WsOutcome = { opened: true; socket: WebSocket } | { opened: false; status: number };

/** Opens a client WebSocket with the given headers; resolves with the socket or the refusal status. */
export function openWebSocket(url: string, headers: Record<string, string>): Promise<WsOutcome> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => resolve({ opened: true, socket }));
    socket.once('unexpected-response', (_request, response) => {
      resolve({ opened: false, status: response.statusCode ?? 0 });
      response.resume();
      socket.terminate();
    });
    socket.once('error', (error) => reject(error));
  });
}

/** Collects every message a socket receives, and waits for one that matches. */
export function messageCollector(socket: WebSocket) {
  const received: WireMessage[] = [];
  const waiters: { match: (message: WireMessage) => boolean; resolve: (message: WireMessage) => void }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as WireMessage;
    received.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  return {
    received,
    next(match: (message: WireMessage) => boolean, timeoutMs = 2_000): Promise<WireMessage> {
      const already = received.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('Timed out waiting for a message')), timeoutMs);
        waiters.push({
          match,
          resolve: (message) => {
            clearTimeout(timer);
            resolve(message);
          },
        });
      });
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
