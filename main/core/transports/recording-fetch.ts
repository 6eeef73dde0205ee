import type { FetchLike } from '@modelcontextprotocol/client';
import type { HttpExchange } from '../../../shared/auth.js';
import type { WireTexts } from './wire-texts.js';
import { limitBody, MAX_OAUTH_BODY_BYTES } from './bounded-body.js';
import { MAX_RECORDED_BODY, redactBody, redactRequestHeaders, redactResponseHeaders, redactUrl } from './http-redaction.js';

export type HttpExchangeListener = (exchange: HttpExchange) => void;

export interface RecordingFetchOptions {
  /** The MCP server URL: requests to it (and JSON-RPC posts, SSE streams) are the transport's own. */
  serverUrl: URL;
  /** Header names the user marked secret (lower case). */
  secretNames?: ReadonlySet<string>;
  onExchange: HttpExchangeListener;
  /** Where the JSON-RPC texts of the MCP endpoint's responses go, for the recorder to keep as received. */
  wireTexts?: WireTexts;
}

function sameResource(a: URL, b: URL): boolean {
  return a.origin === b.origin && a.pathname === b.pathname;
}

function bodyText(body: RequestInit['body']): string | undefined {
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  return undefined;
}

function isMcpRequest(url: URL, init: RequestInit | undefined, headers: Headers, serverUrl: URL): boolean {
  if (sameResource(url, serverUrl)) return true;
  if ((headers.get('accept') ?? '').includes('text/event-stream')) return true;
  const text = bodyText(init?.body);
  return text !== undefined && text.includes('"jsonrpc":"2.0"');
}

/** Reads at most MAX_RECORDED_BODY characters of a copy of the response, leaving the original to its reader. */
async function peekBody(response: Response): Promise<string | undefined> {
  const reader = response.clone().body?.getReader();
  if (!reader) return undefined;
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length <= MAX_RECORDED_BODY) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    void reader.cancel().catch(() => {});
  }
  return text;
}

/**
 * Wraps a fetch so every HTTP exchange is reported: method, URL, status, headers (credentials
 * redacted) and the session id; OAuth exchanges (anything but the MCP endpoint) with their
 * bodies too, which the flow then reads up to 1 MB (`MAX_OAUTH_BODY_BYTES`). Takes any fetch and returns one, so it composes with proxy or CA wrappers.
 */
export function recordingFetch(inner: FetchLike, options: RecordingFetchOptions): FetchLike {
  const secretNames = options.secretNames ?? new Set<string>();
  return async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const purpose = isMcpRequest(url, init, headers, options.serverUrl) ? 'mcp' : 'oauth';
    const started = performance.now();
    const requestSessionId = headers.get('mcp-session-id') ?? url.searchParams.get('sessionId') ?? undefined;
    const base: HttpExchange = {
      method,
      url: redactUrl(url.toString()),
      requestHeaders: redactRequestHeaders(headers, secretNames),
      durationMs: 0,
      purpose,
    };
    const requestBody = purpose === 'oauth' ? bodyText(init?.body) : undefined;
    if (requestBody !== undefined) base.requestBody = redactBody(requestBody);
    let response: Response;
    try {
      response = await inner(input, init);
    } catch (error) {
      options.onExchange({
        ...base,
        ...(requestSessionId ? { sessionId: requestSessionId } : {}),
        durationMs: performance.now() - started,
        error: error instanceof Error ? (error.message || error.name) : String(error),
      });
      throw error;
    }
    const exchange: HttpExchange = {
      ...base,
      status: response.status,
      statusText: response.statusText,
      responseHeaders: redactResponseHeaders(response.headers),
    };
    const sessionId = response.headers.get('mcp-session-id') ?? requestSessionId;
    if (sessionId) exchange.sessionId = sessionId;
    if (purpose === 'oauth') {
      const text = await peekBody(response).catch(() => undefined);
      if (text) exchange.responseBody = redactBody(text);
    }
    exchange.durationMs = performance.now() - started;
    options.onExchange(exchange);
    if (purpose === 'oauth') return limitBody(response, MAX_OAUTH_BODY_BYTES, url.toString());
    return options.wireTexts ? options.wireTexts.tap(response) : response;
  };
}
