import type { DebugRequestEdit, DebugRequestView } from '../../../../shared/oauth-debugger.js';
import { REDACTED_VALUE, redactBody, redactRequestHeaders, redactUrl } from '../../transports/http-redaction.js';

/**
 * A request a step will send, with its real values (codes, verifiers, secrets): it never leaves
 * the core as it is; `requestView` is what the window sees.
 */
export interface PreparedRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  paramsIn: DebugRequestView['paramsIn'];
  suggestedParams: string[];
  /** Sign a fresh DPoP proof (RFC 9449) for this request when it is sent, bound to this access token when given. */
  dpop?: { accessToken?: string };
}

export function getRequest(url: string, headers: Record<string, string> = {}, suggestedParams: string[] = []): PreparedRequest {
  return { method: 'GET', url, headers: { accept: 'application/json', ...headers }, paramsIn: 'query', suggestedParams };
}

export function formRequest(url: string, form: URLSearchParams, headers: Record<string, string> = {}, suggestedParams: string[] = []): PreparedRequest {
  return {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
    body: form.toString(),
    paramsIn: 'form',
    suggestedParams,
  };
}

export function jsonRequest(url: string, value: unknown, headers: Record<string, string> = {}, suggestedParams: string[] = []): PreparedRequest {
  return { method: 'POST', url, headers: { 'content-type': 'application/json', accept: 'application/json', ...headers }, body: JSON.stringify(value), paramsIn: 'json', suggestedParams };
}

/** A form body's or a URL's parameters, as sent (the last value of a repeated one). */
export function sentParams(request: PreparedRequest): URLSearchParams {
  if (request.paramsIn === 'query') return new URL(request.url).searchParams;
  if (request.paramsIn === 'form') return new URLSearchParams(request.body ?? '');
  return new URLSearchParams();
}

/** A JSON body's top-level object, or undefined when the body is not one. */
export function sentJson(request: PreparedRequest): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(request.body ?? '');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function editedJsonValue(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    try {
      return JSON.parse(trimmed);
    } catch {
      // Not JSON after all: the text itself.
    }
  }
  return text;
}

/** Throws a sentence naming the problem when the edit cannot apply to this request. */
export function applyEdit(request: PreparedRequest, edit: DebugRequestEdit): PreparedRequest {
  const next: PreparedRequest = { ...request, headers: { ...request.headers } };
  if (edit.url !== undefined) {
    if (!URL.canParse(edit.url) || !/^https?:$/.test(new URL(edit.url).protocol)) throw new Error(`The edited URL "${edit.url}" is not an http or https URL.`);
    next.url = edit.url;
  }
  if (edit.body !== undefined) {
    if (next.method === 'GET') throw new Error('A GET request has no body to edit: edit its query parameters instead.');
    next.body = edit.body;
  }
  const params = Object.entries(edit.params ?? {});
  if (params.length > 0) {
    if (next.paramsIn === 'query') {
      const url = new URL(next.url);
      for (const [name, value] of params) if (value === null) url.searchParams.delete(name);
      else url.searchParams.set(name, value);
      next.url = url.toString();
    } else if (next.paramsIn === 'form') {
      const form = new URLSearchParams(next.body ?? '');
      for (const [name, value] of params) if (value === null) form.delete(name);
      else form.set(name, value);
      next.body = form.toString();
    } else {
      const json = sentJson(next);
      if (!json) throw new Error('The body is not a JSON object, so its fields cannot be edited one by one: edit the whole body instead.');
      for (const [name, value] of params) if (value === null) delete json[name];
      else json[name] = editedJsonValue(value);
      next.body = JSON.stringify(json);
    }
  }
  for (const [name, value] of Object.entries(edit.headers ?? {})) {
    const key = name.toLowerCase();
    if (value === null) delete next.headers[key];
    else next.headers[key] = value;
  }
  return next;
}

/** What the window sees of a request: credentials in the URL, headers and body redacted. */
export function requestView(request: PreparedRequest): DebugRequestView {
  const headers = redactRequestHeaders(new Headers(request.headers), new Set());
  if (request.dpop && headers.dpop === undefined) headers.dpop = `${REDACTED_VALUE} (a fresh proof is signed when the request is sent)`;
  return {
    method: request.method,
    url: redactUrl(request.url),
    headers,
    ...(request.body !== undefined ? { body: redactBody(request.body) } : {}),
    paramsIn: request.paramsIn,
    suggestedParams: request.suggestedParams,
  };
}
