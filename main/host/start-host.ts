import { randomBytes } from 'node:crypto';
import { STATUS_CODES, createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { Core } from '../core/core.js';
import { decideAccess } from './auth.js';
import { createOriginPolicy, hostForUrl, sessionHostName } from '../core/base/origin-policy.js';
import { createRequestHandler, parseRequestUrl } from './request-handler.js';
import { BASE_SECURITY_HEADERS } from './security-headers.js';
import { ReplyStash } from './reply-stash.js';
import { LaunchCodes } from './launch-codes.js';
import { generateToken, LAUNCH_CODE_PARAM } from './token.js';
import { createWebSocketBridge, type WebSocketBridgeOptions } from './ws-bridge.js';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 0;
/** Where the renderer opens its WebSocket. */
export const BRIDGE_PATH = '/bridge';
/** Largest frame a page may send: generous for pasted tool arguments, bounded all the same. */
const MAX_INCOMING_FRAME_BYTES = 64 * 1024 * 1024;

export interface HostOptions {
  core: Core;
  /** Bind address; loopback unless the user asked otherwise. */
  host?: string;
  /** 0 picks any free port. */
  port?: number;
  /** The built renderer: index.html and its assets. */
  rendererDir: string;
  /** Generated when omitted. */
  token?: string;
  /** The random part of the session host name (12 hex digits); generated when omitted. */
  sessionLabel?: string;
  bridge?: WebSocketBridgeOptions;
  /** The MCP App frames' origin (see app-frame-host.ts), allowed in the page's frame-src. */
  appFrameSource?: string;
}

export interface RunningHost {
  /** The URL to open: its code works once, then the page holds the session in a cookie. */
  url: string;
  port: number;
  /** The session secret (the cookie's value; scripts may also pass it as `?token=`). Never printed. */
  token: string;
  /** `host:port` the page is served under. */
  sessionHost: string;
  /** The random part of the session host name, to come back under the same name after a restart. */
  sessionLabel: string;
  /** Another one-time link, for another browser or after the first was used. */
  newLaunchUrl(): string;
  server: Server;
  close(): Promise<void>;
}

function rejectUpgrade(socket: Duplex, status: number, message: string): void {
  const headers = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'Connection: close',
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(message)}`,
    ...Object.entries(BASE_SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.on('error', () => {});
  socket.once('finish', () => socket.destroy());
  socket.end(`${headers.join('\r\n')}\r\n\r\n${message}`);
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/**
 * Serves the renderer and bridges the core over WebSocket, to holders of the token only.
 * Closing the host leaves the core running: its owner disposes it.
 */
export async function startHost(options: HostOptions): Promise<RunningHost> {
  const host = options.host ?? DEFAULT_HOST;
  const token = options.token ?? generateToken();
  if (token.length === 0) throw new Error('The session token must not be empty.');

  const server = createServer();
  const address = await listen(server, options.port ?? DEFAULT_PORT, host);
  const port = address.port;
  const sessionLabel = options.sessionLabel ?? randomBytes(6).toString('hex');
  const sessionHost = `${hostForUrl(sessionHostName(host, sessionLabel))}:${port}`;
  const policy = createOriginPolicy(host, port, sessionHost.slice(0, sessionHost.lastIndexOf(':')));
  const launchCodes = new LaunchCodes();
  const replies = new ReplyStash();

  // Handlers are attached once the port is known; no connection is served before this runs.
  server.on('request', createRequestHandler({
      token,
      policy,
      rendererDir: options.rendererDir,
      launchCodes,
      sessionHost,
      replies,
      ...(options.appFrameSource ? { appFrameSource: options.appFrameSource } : {}),
    }),);

  const webSocketServer = new WebSocketServer({ noServer: true, maxPayload: MAX_INCOMING_FRAME_BYTES });
  const bridge = createWebSocketBridge(options.core, { ...options.bridge, replies });
  const upgradeRules = { token, policy, requireOrigin: true };
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = parseRequestUrl(request);
    const access = decideAccess(request, url, upgradeRules);
    if (!access.allowed) {
      rejectUpgrade(socket, access.status, access.message);
      return;
    }
    if (url.pathname !== BRIDGE_PATH) {
      rejectUpgrade(socket, 404, 'Not found.\n');
      return;
    }
    webSocketServer.handleUpgrade(request, socket, head, (webSocket) => bridge.accept(webSocket));
  });

  let closing: Promise<void> | undefined;
  return {
    url: `http://${sessionHost}/?${LAUNCH_CODE_PARAM}=${launchCodes.issue()}`,
    port,
    token,
    sessionHost,
    sessionLabel,
    newLaunchUrl: () => `http://${sessionHost}/?${LAUNCH_CODE_PARAM}=${launchCodes.issue()}`,
    server,
    close() {
      closing ??= new Promise<void>((resolve) => {
        bridge.close();
        replies.clear();
        webSocketServer.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
