/**
 * `loupe proxy --http URL --listen HOST:PORT`: a reverse proxy for a Streamable HTTP or SSE MCP
 * server. Each request made to the listener goes to the same path on the server's origin with its
 * headers (the session id, Last-Event-ID and credentials included) and its body streamed; the
 * response comes back the same way, an event stream event by event. The record gets each exchange
 * (credentials redacted, as the app records its own) and each JSON-RPC message in the bodies and
 * events, with its exact text. Requests for anything but a path on the server's origin, or from
 * another address or site, are refused (listener-guard.ts).
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { HttpExchange } from '../../shared/auth.js';
import { MAX_RECORDED_BODY, redactBody, redactRequestHeaders, redactResponseHeaders, redactUrl } from '../core/transports/http-redaction.js';
import { wireTextCollector } from '../core/transports/wire-texts.js';
import { createOriginPolicy } from '../core/base/origin-policy.js';
import { decideListenerRequest } from './listener-guard.js';
import { RecorderTap } from './recorder-tap.js';
import { isResourceMetadataPath, MAX_REWRITTEN_METADATA_BYTES, rewriteChallenge, rewriteResourceMetadata } from './resource-discovery.js';

export interface HttpProxyOptions {
  upstream: URL;
  host: string;
  port: number;
  name: string;
  dataDir: string;
  /** Told the listener's URL once it listens. */
  announce(address: string): void;
  /** Resolves to stop the proxy; by default SIGINT or SIGTERM. */
  stopped?: Promise<void>;
}

/** Headers that belong to one hop, not to the request: never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);

function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

function webHeaders(headers: IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) out.append(name, item);
  }
  return out;
}

/**
 * Whether a request is the MCP transport's own (its bodies are JSON-RPC), not OAuth discovery,
 * registration or a token request: the server's path, an event stream, an SSE session's message
 * endpoint (`?sessionId=`), or JSON posted anywhere but well-known and registration paths.
 */
function isMcpRequest(url: URL, upstream: URL, method: string | undefined, headers: IncomingHttpHeaders): boolean {
  if (url.pathname === upstream.pathname || url.searchParams.has('sessionId')) return true;
  if ((headers.accept ?? '').includes('text/event-stream')) return true;
  const json = (headers['content-type'] ?? '').includes('application/json');
  return method === 'POST' && json && !url.pathname.includes('/.well-known/') && !/\/register$/.test(url.pathname);
}

/** Collects up to MAX_RECORDED_BODY characters of an OAuth body for the record. */
function boundedText(): { push(chunk: Buffer): void; text(): string | undefined } {
  const chunks: Buffer[] = [];
  let bytes = 0;
  return {
    push: (chunk) => {
      if (bytes > MAX_RECORDED_BODY * 4) return;
      chunks.push(chunk);
      bytes += chunk.length;
    },
    text: () => (bytes > 0 ? Buffer.concat(chunks).toString('utf8') : undefined),
  };
}

class HttpExchangeRelay {
  constructor(
    private readonly upstream: URL,
    private readonly tap: RecorderTap,
  ) {}

  /** `target`: the request's URL on the server (see listener-guard.ts); `listener`: the proxy's origin as this client reached it (its Host was checked). */
  handle(incoming: IncomingMessage, outgoing: ServerResponse, target: URL, listener: string): void {
    const started = performance.now();
    const mcp = isMcpRequest(target, this.upstream, incoming.method, incoming.headers);
    const requestHeaders = webHeaders(incoming.headers);
    requestHeaders.set('host', target.host);
    const exchange: HttpExchange = {
      method: incoming.method ?? 'GET',
      url: redactUrl(target.toString()),
      requestHeaders: redactRequestHeaders(requestHeaders, new Set()),
      durationMs: 0,
      purpose: mcp ? 'mcp' : 'oauth',
    };
    const sessionId = incoming.headers['mcp-session-id'];
    if (typeof sessionId === 'string') exchange.sessionId = sessionId;

    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const proxied = send(target, { method: incoming.method, headers: { ...forwardedHeaders(incoming.headers), host: target.host } });
    const requestTexts = mcp ? wireTextCollector(incoming.headers['content-type'], (text) => this.tap.line('out', Buffer.from(text, 'utf8'))) : undefined;
    const requestBody = mcp ? undefined : boundedText();
    incoming.on('data', (chunk: Buffer) => {
      requestTexts?.push(chunk);
      requestBody?.push(chunk);
    });
    incoming.on('end', () => requestTexts?.end());
    incoming.pipe(proxied);
    // The client went away (an event stream it closed): the server's side is closed too.
    outgoing.on('close', () => proxied.destroy());

    proxied.on('response', (response) => {
      exchange.status = response.statusCode ?? 0;
      if (response.statusMessage) exchange.statusText = response.statusMessage;
      exchange.responseHeaders = redactResponseHeaders(webHeaders(response.headers));
      const assigned = response.headers['mcp-session-id'];
      if (typeof assigned === 'string') exchange.sessionId = assigned;
      exchange.durationMs = performance.now() - started;
      const oauthBody = mcp ? undefined : boundedText();
      if (!mcp) {
        const sent = requestBody?.text();
        if (sent !== undefined) exchange.requestBody = redactBody(sent);
      } else this.tap.http({ ...exchange });
      const responseTexts = mcp ? wireTextCollector(response.headers['content-type'], (text) => this.tap.line('in', Buffer.from(text, 'utf8'))) : undefined;
      const headers = this.discoveryOnListener(forwardedHeaders(response.headers), listener);
      response.on('data', (chunk: Buffer) => {
        responseTexts?.push(chunk);
        oauthBody?.push(chunk);
      });
      response.on('end', () => {
        responseTexts?.end();
        if (oauthBody) {
          const text = oauthBody.text();
          this.tap.http({ ...exchange, ...(text !== undefined ? { responseBody: redactBody(text) } : {}), durationMs: performance.now() - started });
        }
      });
      if (!mcp && response.statusCode === 200 && isResourceMetadataPath(target.pathname)) {
        this.relayResourceMetadata(response, outgoing, headers, listener);
        return;
      }
      outgoing.writeHead(response.statusCode ?? 502, response.statusMessage, headers);
      // An event stream's events reach the client as they come.
      outgoing.flushHeaders();
      response.pipe(outgoing);
    });
    proxied.on('error', (error: NodeJS.ErrnoException) => {
      if (outgoing.headersSent) {
        outgoing.destroy();
        return;
      }
      const reason = `loupe proxy could not reach ${target.origin} (${error.code ?? error.message})`;
      this.tap.http({ ...exchange, durationMs: performance.now() - started, error: reason });
      outgoing.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      outgoing.end(`${reason}\n`);
    });
  }

  /** A challenge's `resource_metadata` on the server's origin points at the listener (see resource-discovery.ts), said in the record. */
  private discoveryOnListener(headers: Record<string, string | string[]>, listener: string): Record<string, string | string[]> {
    const challenge = headers['www-authenticate'];
    if (challenge === undefined) return headers;
    const rewritten = Array.isArray(challenge) ? challenge.map((value) => rewriteChallenge(value, this.upstream, listener)) : rewriteChallenge(challenge, this.upstream, listener);
    if (String(rewritten) === String(challenge)) return headers;
    this.tap.note(`loupe proxy pointed the server's WWW-Authenticate resource_metadata at itself (${listener}), so the client discovers the protected resource it connects to.`);
    return { ...headers, 'www-authenticate': rewritten };
  }

  /**
   * Protected resource metadata: held whole (bounded), its `resource` moved to the listener when it
   * names the server's origin, then sent; a larger body passes untouched. The record keeps the server's text.
   */
  private relayResourceMetadata(response: IncomingMessage, outgoing: ServerResponse, headers: Record<string, string | string[]>, listener: string): void {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let streaming = false;
    const onData = (chunk: Buffer) => {
      if (streaming) return;
      chunks.push(chunk);
      bytes += chunk.length;
      if (bytes <= MAX_REWRITTEN_METADATA_BYTES) return;
      streaming = true;
      response.off('data', onData);
      outgoing.writeHead(200, response.statusMessage, headers);
      for (const held of chunks) outgoing.write(held);
      response.pipe(outgoing);
    };
    response.on('data', onData);
    response.on('end', () => {
      if (streaming) return;
      const body = Buffer.concat(chunks);
      const rewritten = rewriteResourceMetadata(body.toString('utf8'), this.upstream, listener);
      if (rewritten === undefined) {
        outgoing.writeHead(200, response.statusMessage, headers);
        outgoing.end(body);
        return;
      }
      this.tap.note(`loupe proxy named itself (${listener}) as the protected resource in the metadata the client got; the server's own document is in the record.`);
      const sent = Buffer.from(rewritten, 'utf8');
      outgoing.writeHead(200, response.statusMessage, { ...headers, 'content-length': String(sent.length) });
      outgoing.end(sent);
    });
  }
}

function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** Runs until stopped; resolves once the listener is closed and the record finished. */
export async function runHttpProxy(options: HttpProxyOptions): Promise<void> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const hostForUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
  const listen = `http://${hostForUrl}:${port}`;
  const tap = new RecorderTap({
    dataDir: options.dataDir,
    hello: { name: options.name, transport: 'http', target: options.upstream.href, listen, pid: process.pid, startedAt: Date.now() },
  });
  const relay = new HttpExchangeRelay(options.upstream, tap);
  const policy = createOriginPolicy(options.host, port);
  server.on('request', (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const decision = decideListenerRequest(incoming, policy, options.upstream);
    if (!decision.allowed) {
      tap.note(`loupe proxy refused ${incoming.method ?? 'a'} request with ${decision.status}: ${decision.reason}`);
      outgoing.writeHead(decision.status, { 'content-type': 'text/plain; charset=utf-8' });
      outgoing.end(`${decision.reason}\n`);
      return;
    }
    relay.handle(incoming, outgoing, decision.target, `http://${(incoming.headers.host ?? '').toLowerCase()}`);
  });
  options.announce(`${listen}${options.upstream.pathname}${options.upstream.search}`);
  await (options.stopped ?? stopSignal());
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await tap.end('The HTTP proxy was stopped.');
}
