/**
 * HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) of a session's HTTP exchanges, as Chrome
 * DevTools, Charles and other HTTP tools open it. An MCP POST's body is the JSON-RPC request it
 * carried, and its response's content the JSON-RPC answer, as Loupe recorded them (secret values
 * redacted, like every export); OAuth exchanges keep the bodies Loupe recorded. The request is
 * `traffic.exportHar` in contract.ts.
 */
import type { TrafficEntry } from './traffic.js';

export interface HarNameValue {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: HarNameValue[];
    headers: HarNameValue[];
    queryString: HarNameValue[];
    postData?: { mimeType: string; text: string; comment?: string };
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: HarNameValue[];
    headers: HarNameValue[];
    content: { size: number; mimeType: string; text?: string; comment?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment?: string;
}

export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
    comment?: string;
  };
}

/** What `traffic.exportHar` answers. */
export interface HarExport {
  /** The HAR 1.2 document (JSON), secret values redacted. */
  text: string;
  exchanges: number;
  /** Why some exchanges were left out, in one sentence. */
  truncated?: string;
}

/** One recorded HTTP exchange with the JSON-RPC messages it carried, when Loupe has them. */
export interface HarSource {
  http: TrafficEntry;
  request?: TrafficEntry;
  response?: TrafficEntry;
}

/** A body longer than this is cut, and its comment says so: a HAR holds every body in one JSON document. */
export const HAR_BODY_LIMIT = 1024 * 1024;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

function pairs(record: Record<string, string> | undefined): HarNameValue[] {
  return Object.entries(record ?? {}).map(([name, value]) => ({ name, value }));
}

function queryString(url: string): HarNameValue[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

function messageText(entry: TrafficEntry | undefined): string | undefined {
  if (!entry) return undefined;
  if (entry.raw !== undefined) return entry.raw;
  if (entry.message !== undefined) return JSON.stringify(entry.message);
  return entry.text;
}

function bounded(text: string): { text: string; comment?: string } {
  if (text.length <= HAR_BODY_LIMIT) return { text };
  return { text: text.slice(0, HAR_BODY_LIMIT), comment: `Cut at ${HAR_BODY_LIMIT} characters of ${text.length}; Loupe's traffic export has the whole message.` };
}

function header(record: Record<string, string> | undefined, name: string): string | undefined {
  const key = Object.keys(record ?? {}).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : record![key];
}

/** One HAR entry for a recorded exchange. */
export function harEntry(source: HarSource): HarEntry {
  const exchange = source.http.http!;
  const requestText = exchange.requestBody ?? messageText(source.request);
  const responseText = exchange.responseBody ?? messageText(source.response);
  const contentType = header(exchange.responseHeaders, 'content-type') ?? '';
  const streamed = contentType.startsWith('text/event-stream');
  const time = Math.max(0, exchange.durationMs);
  const body = responseText === undefined ? undefined : bounded(responseText);
  const comments = [
    exchange.error ? `No response: ${exchange.error}` : undefined,
    streamed && responseText !== undefined ? 'The server answered with an event stream; the content is the JSON-RPC answer it carried, as Loupe recorded it.' : undefined,
    source.http.headerVerdict ? `Mirrored headers: ${source.http.headerVerdict.sentence}` : undefined,
  ].filter((comment): comment is string => comment !== undefined);
  const postData = requestText === undefined ? undefined : bounded(requestText);
  return {
    startedDateTime: new Date(source.http.time - time).toISOString(),
    time,
    request: {
      method: exchange.method,
      url: exchange.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(exchange.requestHeaders),
      queryString: queryString(exchange.url),
      ...(postData ? { postData: { mimeType: header(exchange.requestHeaders, 'content-type') ?? 'application/json', ...postData } } : {}),
      headersSize: -1,
      bodySize: requestText === undefined ? 0 : utf8Bytes(requestText),
    },
    response: {
      status: exchange.status ?? 0,
      statusText: exchange.statusText ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(exchange.responseHeaders),
      content: {
        size: responseText === undefined ? 0 : utf8Bytes(responseText),
        mimeType: streamed ? 'application/json' : contentType || 'application/octet-stream',
        ...(body ?? {}),
      },
      redirectURL: header(exchange.responseHeaders, 'location') ?? '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    // Loupe measures the whole exchange, not its phases: all of it counts as waiting.
    timings: { send: 0, wait: time, receive: 0 },
    ...(comments.length > 0 ? { comment: comments.join(' ') } : {}),
  };
}

export function buildHar(sources: readonly HarSource[], creator: { name: string; version: string }, comment?: string): Har {
  return { log: { version: '1.2', creator, entries: sources.map(harEntry), ...(comment ? { comment } : {}) } };
}
