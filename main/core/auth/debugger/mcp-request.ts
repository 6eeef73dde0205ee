import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/client';
import { createParser } from 'eventsource-parser';
import type { ReadResponse } from './debug-http.js';
import { getRequest, jsonRequest, type PreparedRequest } from './debug-request.js';
import type { FlowContext } from './flow-context.js';
import type { SpecRules } from './spec-rules.js';

export const DEBUG_RPC_ID = 1;

/**
 * The MCP request the flow opens and ends with: `initialize` for the 2025 versions,
 * `server/discover` with its `_meta` envelope and mirrored headers for 2026-07-28.
 */
export function mcpRequest(ctx: FlowContext, rules: SpecRules, authorization?: { scheme: string; token: string }): PreparedRequest {
  const credentials: Record<string, string> = authorization ? { authorization: `${authorization.scheme} ${authorization.token}` } : {};
  if (ctx.transport === 'sse') return getRequest(ctx.serverUrl, { ...ctx.mcpHeaders, accept: 'text/event-stream', ...credentials });
  const clientInfo = { name: 'mcp-loupe-oauth-debugger', version: ctx.clientVersion };
  const message =
    rules.mcpMethod === 'initialize'
      ? { jsonrpc: '2.0', id: DEBUG_RPC_ID, method: 'initialize', params: { protocolVersion: rules.version, capabilities: {}, clientInfo } }
      : {
          jsonrpc: '2.0',
          id: DEBUG_RPC_ID,
          method: 'server/discover',
          params: { _meta: { [PROTOCOL_VERSION_META_KEY]: rules.version, [CLIENT_INFO_META_KEY]: clientInfo, [CLIENT_CAPABILITIES_META_KEY]: {} } },
        };
  const headers: Record<string, string> = { ...ctx.mcpHeaders, accept: 'application/json, text/event-stream' };
  if (rules.mcpMethod === 'server/discover') {
    headers['mcp-protocol-version'] = rules.version;
    headers['mcp-method'] = 'server/discover';
  }
  const request = jsonRequest(ctx.serverUrl, message, { ...headers, ...credentials });
  request.headers.accept = 'application/json, text/event-stream';
  return request;
}

function isOurAnswer(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { id?: unknown }).id === DEBUG_RPC_ID;
}

/**
 * Ends the reading of an event stream once the answer to our request has come (the stream may stay
 * open); for the legacy SSE transport's GET, once its first event (`endpoint`) has.
 */
export function answerArrived(anyEvent = false): (textSoFar: string) => boolean {
  let fed = 0;
  let arrived = false;
  const parser = createParser({
    onEvent: (event) => {
      if (anyEvent) arrived = true;
      try {
        if (isOurAnswer(JSON.parse(event.data))) arrived = true;
      } catch {
        // Not JSON: not our answer.
      }
    },
  });
  return (textSoFar) => {
    parser.feed(textSoFar.slice(fed));
    fed = textSoFar.length;
    return arrived;
  };
}

/** The JSON-RPC messages of an MCP response: a JSON body, or the `message` events of an event stream, with their texts. */
export function rpcMessages(response: ReadResponse): Array<{ value: unknown; text: string }> {
  const parse = (text: string) => {
    try {
      return [{ value: JSON.parse(text) as unknown, text }];
    } catch {
      return [];
    }
  };
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) return response.text.trim() ? parse(response.text) : [];
  const messages: Array<{ value: unknown; text: string }> = [];
  const parser = createParser({ onEvent: (event) => (event.event === undefined || event.event === 'message' ? messages.push(...parse(event.data)) : undefined) });
  parser.feed(response.text);
  return messages;
}

/** The answer to our request among the messages, if it came. */
export function ourAnswer(messages: ReadonlyArray<{ value: unknown }>): { result?: Record<string, unknown>; error?: { code?: unknown; message?: unknown } } | undefined {
  return messages.map((message) => message.value).find(isOurAnswer) as ReturnType<typeof ourAnswer>;
}
