import type { FetchLike } from '@modelcontextprotocol/client';
import type { HttpExchange } from '../../../shared/auth.js';
import { requestId } from './http-probe.js';
import { errorCodeOf, judgeRequest, type ToolHeaderDeclarations } from './mirrored-headers.js';
import { redactSecrets } from '../traffic/redact-secrets.js';
import type { ExchangeLinks } from '../traffic/traffic-log.js';
import type { WireTexts } from './wire-texts.js';
import { limitBody, MAX_OAUTH_BODY_BYTES } from './bounded-body.js';
import { clipRecordedText, MAX_RECORDED_BODY, redactBody, redactRequestHeaders, redactResponseHeaders, redactUrl } from './http-redaction.js';

export type HttpExchangeListener = (exchange: HttpExchange, links?: ExchangeLinks) => void;

export interface RecordingFetchOptions {
  /** The MCP server URL: requests to it (and JSON-RPC posts, SSE streams) are the transport's own. */
  serverUrl: URL;
  /** Header names the user marked secret (lower case). */
  secretNames?: ReadonlySet<string>;
  onExchange: HttpExchangeListener;
  /** Where the JSON-RPC texts of the MCP endpoint's responses go, for the recorder to keep as received. */
  wireTexts?: WireTexts;
  /** The connection's tool declarations: with them, 2026-07-28 requests get a header verdict. */
  declarations?: ToolHeaderDeclarations;
  /**
   * Every exchange is a model provider's (`purpose: 'model'`): both bodies are kept, up to
   * MAX_RECORDED_MODEL_BODY characters each, with `hide`'s values (the provider's key) redacted.
   * The response is reported once its body has been read to the end (or failed, or was dropped),
   * so a stream is never held back for the record.
   */
  model?: { hide: () => readonly string[] };
}

/** The most of a model exchange's request or response body kept for the record (a chat's request carries the whole conversation). */
export const MAX_RECORDED_MODEL_BODY = 512 * 1024;

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
      const { done, value } = (await reader.read()) as { done: boolean; value?: Uint8Array };
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    void reader.cancel().catch(() => {});
  }
  return text;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/**
 * The response with a body that reports itself to `done` once read to its end, failed or dropped:
 * its text (bounded) and, on failure, why.
 */
function reportingWhenRead(response: Response, done: (text: string, totalChars: number, error?: string) => void): Response {
  const body = response.body;
  if (!body) {
    done('', 0);
    return response;
  }
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let totalChars = 0;
  let finished = false;
  const keep = (piece: string) => {
    totalChars += piece.length;
    if (text.length <= MAX_RECORDED_MODEL_BODY) text += piece;
  };
  const finish = (error?: string) => {
    if (finished) return;
    finished = true;
    keep(decoder.decode());
    done(text, totalChars, error);
  };
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        finish(`The response broke off: ${reasonOf(error)}`);
        controller.error(error);
        return;
      }
      if (chunk.done) {
        finish();
        controller.close();
        return;
      }
      keep(decoder.decode(chunk.value, { stream: true }));
      controller.enqueue(chunk.value);
    },
    cancel(reason) {
      finish(`Loupe stopped reading the response before its end${reason === undefined ? '' : ` (${reasonOf(reason)})`}.`);
      return reader.cancel(reason);
    },
  });
  return new Response(stream, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** A model exchange: reported when its response body ends, with both bodies (bounded, the key redacted). */
async function recordModelExchange(
  inner: FetchLike,
  input: Parameters<FetchLike>[0],
  init: RequestInit | undefined,
  base: HttpExchange,
  started: number,
  options: RecordingFetchOptions & { model: { hide: () => readonly string[] } },
): Promise<Response> {
  /** The text with the key redacted, cut to the limit; `totalChars` when only its start was kept. */
  const hide = (text: string, totalChars = text.length) => {
    const redacted = redactSecrets(text, options.model.hide());
    return totalChars > text.length ? `${redacted.slice(0, MAX_RECORDED_MODEL_BODY)}… (${totalChars} characters in all)` : clipRecordedText(redacted, MAX_RECORDED_MODEL_BODY);
  };
  base.url = redactSecrets(base.url, options.model.hide());
  const requestBody = bodyText(init?.body);
  if (requestBody !== undefined) base.requestBody = hide(requestBody);
  let response: Response;
  try {
    response = await inner(input, init);
  } catch (error) {
    options.onExchange({ ...base, durationMs: performance.now() - started, error: reasonOf(error) });
    throw error;
  }
  const exchange: HttpExchange = { ...base, status: response.status, statusText: response.statusText, responseHeaders: redactResponseHeaders(response.headers) };
  return reportingWhenRead(response, (text, totalChars, error) => {
    if (text) exchange.responseBody = hide(text, totalChars);
    if (error) exchange.error = error;
    exchange.durationMs = performance.now() - started;
    options.onExchange(exchange);
  });
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
    const purpose = options.model ? 'model' : isMcpRequest(url, init, headers, options.serverUrl) ? 'mcp' : 'oauth';
    const started = performance.now();
    const requestSessionId = headers.get('mcp-session-id') ?? url.searchParams.get('sessionId') ?? undefined;
    const base: HttpExchange = {
      method,
      url: redactUrl(url.toString()),
      requestHeaders: redactRequestHeaders(headers, secretNames),
      durationMs: 0,
      purpose,
    };
    const rpcId = purpose === 'mcp' && method === 'POST' ? requestId(init?.body) : undefined;
    const judge = purpose === 'mcp' && options.declarations ? judgeRequest(init, options.declarations) : undefined;
    const links = (reply?: Parameters<NonNullable<typeof judge>['verdict']>[0]): ExchangeLinks | undefined =>
      rpcId === undefined ? undefined : { rpcId, ...(judge && reply ? { headerVerdict: judge.verdict(reply) } : {}) };
    if (options.model) return recordModelExchange(inner, input, init, base, started, { ...options, model: options.model });
    const requestBody = purpose === 'oauth' ? bodyText(init?.body) : undefined;
    if (requestBody !== undefined) base.requestBody = redactBody(requestBody);
    let response: Response;
    try {
      response = await inner(input, init);
    } catch (error) {
      options.onExchange(
        {
          ...base,
          ...(requestSessionId ? { sessionId: requestSessionId } : {}),
          durationMs: performance.now() - started,
          error: error instanceof Error ? (error.message || error.name) : String(error),
        },
        links({}),
      );
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
    // The server's 400 says whether it refused the headers (-32020): read from a copy, the SDK reads the body.
    const errorText = judge && response.status === 400 ? await peekBody(response).catch(() => undefined) : undefined;
    exchange.durationMs = performance.now() - started;
    options.onExchange(exchange, links({ status: response.status, errorCode: errorCodeOf(errorText) }));
    if (purpose === 'oauth') return limitBody(response, MAX_OAUTH_BODY_BYTES, url.toString());
    return purpose === 'mcp' && options.wireTexts ? options.wireTexts.tap(response) : response;
  };
}
