import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { decideAccess } from './auth.js';
import type { OriginPolicy } from '../core/base/origin-policy.js';
import { BASE_SECURITY_HEADERS, pagePolicy } from './security-headers.js';
import { lookUpStaticFile, sendStaticFile } from './static-files.js';
import type { LaunchCodes } from './launch-codes.js';
import { ReplyStash } from './reply-stash.js';
import { LAUNCH_CODE_PARAM, TOKEN_QUERY_PARAM, tokenCookieHeader } from './token.js';

export interface RequestHandlerOptions {
  token: string;
  policy: OriginPolicy;
  rendererDir: string;
  launchCodes: LaunchCodes;
  /** `host:port` the page is served under; the session cookie is set for this name only. */
  sessionHost: string;
  /** The MCP App frames' origin, the one thing the page may frame. */
  appFrameSource?: string;
  /** Large replies the page's worker fetches (`/replies/<id>`). */
  replies?: ReplyStash;
}

export const USED_LINK_MESSAGE =
  'This link was already used, or it expired: each printed link opens MCP Loupe once. Use the tab it opened, or restart mcp-loupe for a new link.\n';

const PAGE_PATHS = new Set(['/', '/index.html']);

/** Parses a request target; the base only fills in what a path-only target lacks. */
export function parseRequestUrl(request: IncomingMessage): URL {
  return new URL(request.url ?? '/', 'http://loupe.invalid');
}

function sendText(response: ServerResponse, status: number, message: string, headers: OutgoingHttpHeaders = {}): void {
  response.writeHead(status, {
    ...BASE_SECURITY_HEADERS,
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(message),
    'Cache-Control': 'no-store',
  });
  response.end(message);
}

/** Serves the built renderer to token holders only; see auth.ts for the gate. */
export function createRequestHandler(options: RequestHandlerOptions) {
  const rules = { token: options.token, policy: options.policy, requireOrigin: false };

  /** The printed link: moves to the session's own host name, then trades its one-time code for the cookie. */
  function launch(request: IncomingMessage, response: ServerResponse, url: URL, code: string): void {
    if (!options.policy.isAllowedHost(request.headers.host)) {
      sendText(response, 421, 'Misdirected request: unexpected Host header.\n');
      return;
    }
    if (request.headers.host?.toLowerCase() !== options.sessionHost.toLowerCase()) {
      sendText(response, 303, 'See other.\n', { Location: `http://${options.sessionHost}${url.pathname}${url.search}` });
      return;
    }
    if (!options.launchCodes.redeem(code)) {
      sendText(response, 401, USED_LINK_MESSAGE);
      return;
    }
    url.searchParams.delete(LAUNCH_CODE_PARAM);
    sendText(response, 303, 'See other.\n', { 'Set-Cookie': tokenCookieHeader(options.token), Location: `${url.pathname}${url.search}` });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = parseRequestUrl(request);
    const code = url.searchParams.get(LAUNCH_CODE_PARAM);
    if (code !== null && PAGE_PATHS.has(url.pathname) && (request.method === 'GET' || request.method === 'HEAD')) {
      launch(request, response, url, code);
      return;
    }
    const access = decideAccess(request, url, rules);
    if (!access.allowed) {
      sendText(response, access.status, access.message);
      return;
    }
    if (options.replies && ReplyStash.owns(url.pathname)) {
      // Served once: a HEAD would use it up.
      if (request.method === 'GET') options.replies.serve(url.pathname, response, BASE_SECURITY_HEADERS);
      else sendText(response, 405, 'Method not allowed.\n', { Allow: 'GET' });
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      sendText(response, 405, 'Method not allowed.\n', { Allow: 'GET, HEAD' });
      return;
    }
    if (access.viaQuery && PAGE_PATHS.has(url.pathname)) {
      // Move the token from the address bar into an HttpOnly cookie.
      url.searchParams.delete(TOKEN_QUERY_PARAM);
      sendText(response, 303, 'See other.\n', {
        'Set-Cookie': tokenCookieHeader(options.token),
        Location: `${url.pathname}${url.search}`,
      });
      return;
    }
    const found = await lookUpStaticFile(options.rendererDir, url.pathname);
    if (found.kind === 'forbidden') {
      sendText(response, 403, 'Forbidden.\n');
      return;
    }
    if (found.kind === 'not-found') {
      sendText(response, 404, 'Not found.\n');
      return;
    }
    // The host header was validated by decideAccess, so it is one of our own names.
    const hostHeader = request.headers.host ?? '';
    await sendStaticFile(request, response, found, {
      ...BASE_SECURITY_HEADERS,
      'Content-Security-Policy': pagePolicy(hostHeader, options.appFrameSource),
    });
  }

  return (request: IncomingMessage, response: ServerResponse): void => {
    handle(request, response).catch(() => {
      if (!response.headersSent) sendText(response, 500, 'Internal error.\n');
      else response.destroy();
    });
  };
}
