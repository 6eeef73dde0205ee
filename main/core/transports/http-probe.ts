import type { FetchLike } from '@modelcontextprotocol/client';
import type { JsonRpcId } from '../../../shared/traffic.js';
import { networkFetch } from './network-fetch.js';

/** Bodies larger than this are not parsed to find their JSON-RPC id (their headers go unrecorded). */
const MAX_BODY_TO_READ = 1024 * 1024;
/** Headers whose values are credentials: recorded as present, never with their value. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key']);
export const REDACTED = '[redacted]';

/** What the HTTP layer tells the traffic record: which headers a JSON-RPC request went out with. */
export type RequestHeadersListener = (id: JsonRpcId, headers: Record<string, string>) => void;

/** The last HTTP failure seen on a connection, kept to explain a failed connect in one sentence. */
export interface HttpProbe {
  lastFailure?: { status: number; statusText: string; url: string };
  /** The fetch to hand the SDK transport: records non-2xx responses in `lastFailure`. */
  fetch: FetchLike;
}

/** The id of the JSON-RPC request a POST body holds (not of a notification, a response or a batch). */
export function requestId(body: unknown): JsonRpcId | undefined {
  if (typeof body !== 'string' || body.length > MAX_BODY_TO_READ) return undefined;
  try {
    const message = JSON.parse(body) as { id?: unknown; method?: unknown };
    const id = message.id;
    return typeof message.method === 'string' && (typeof id === 'string' || typeof id === 'number') ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The headers as sent, with credentials and the user's secret headers redacted. */
export function redactedHeaders(init: RequestInit | undefined, secretNames: ReadonlySet<string>): Record<string, string> {
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => {
    headers[name] = CREDENTIAL_HEADERS.has(name) || secretNames.has(name) ? REDACTED : value;
  });
  return headers;
}

export function createHttpProbe(onRequestHeaders?: RequestHeadersListener, secretNames: ReadonlySet<string> = new Set()): HttpProbe {
  const probe: HttpProbe = {
    fetch: async (url, init) => {
      if (onRequestHeaders && init?.method === 'POST') {
        const id = requestId(init.body);
        if (id !== undefined) onRequestHeaders(id, redactedHeaders(init, secretNames));
      }
      const response = await networkFetch(url, init);
      if (!response.ok) probe.lastFailure = { status: response.status, statusText: response.statusText, url: String(url) };
      return response;
    },
  };
  return probe;
}
