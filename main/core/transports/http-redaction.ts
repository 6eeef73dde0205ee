import { SECRET_QUERY_PARAMS } from '../../../shared/auth.js';

export const REDACTED_VALUE = '[redacted]';

/** Request headers whose values are credentials: redacted in the traffic log, and always kept as secrets in a server's settings. */
export const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key', 'dpop']);
/**
 * Headers known to carry no secret. A header the user sets that is not one of these counts as a
 * secret (`X-My-Token`, `X-Tenant-Key`: custom headers are how servers take credentials).
 */
export const NON_SECRET_HEADERS: ReadonlySet<string> = new Set([
  'accept',
  'accept-language',
  'cache-control',
  'content-type',
  'mcp-protocol-version',
  'traceparent',
  'tracestate',
  'user-agent',
  'x-request-id',
]);

/** Body fields (form or JSON) that are credentials or one-time secrets. */
const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'code_verifier',
  'client_secret',
  'client_assertion',
  'assertion',
  'registration_access_token',
  'subject_token',
  // RFC 7009: the token a revocation request names.
  'token',
  'password',
]);
/** The most of an OAuth body kept for the record. */
export const MAX_RECORDED_BODY = 16 * 1024;

/** A text cut to `max` characters for the record, saying how long it was. */
export function clipRecordedText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters in all)` : text;
}

/** The URL with credential query parameters replaced (e.g. `code`, `access_token`). */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  let changed = false;
  for (const name of [...parsed.searchParams.keys()]) {
    if (SECRET_QUERY_PARAMS.has(name.toLowerCase())) {
      parsed.searchParams.set(name, REDACTED_VALUE);
      changed = true;
    }
  }
  return changed ? parsed.toString() : url;
}

/** Keeps an Authorization header's scheme (Bearer, Basic, DPoP) and hides its credential. */
function redactCredential(value: string): string {
  const scheme = /^([A-Za-z][\w-]*)\s+\S/.exec(value);
  return scheme ? `${scheme[1]} ${REDACTED_VALUE}` : REDACTED_VALUE;
}

export function redactRequestHeaders(headers: Headers, secretNames: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = CREDENTIAL_HEADERS.has(name) || secretNames.has(name) ? redactCredential(value) : value;
  });
  return out;
}

export function redactResponseHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (name === 'set-cookie') out[name] = REDACTED_VALUE;
    else if (name === 'location') out[name] = redactUrl(value);
    else out[name] = value;
  });
  return out;
}

/** A form or JSON body with its secret fields replaced; other text is kept as it is, bounded. */
export function redactBody(text: string): string {
  const bounded = text.length > MAX_RECORDED_BODY ? text.slice(0, MAX_RECORDED_BODY) : text;
  const trimmed = bounded.trimStart();
  if (trimmed.startsWith('{') && bounded === text) {
    try {
      const parsed: unknown = JSON.parse(text);
      return JSON.stringify(redactJson(parsed, 0), null, 2);
    } catch {
      // Not JSON after all: fall through to the form check.
    }
  }
  if (/^[\w.~%+-]+=/.test(trimmed) && !trimmed.includes('\n')) {
    const params = new URLSearchParams(bounded);
    for (const name of [...params.keys()]) if (SECRET_FIELDS.has(name)) params.set(name, REDACTED_VALUE);
    return params.toString();
  }
  return clipRecordedText(text, MAX_RECORDED_BODY);
}

function redactJson(value: unknown, depth: number): unknown {
  if (depth > 20 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => redactJson(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, SECRET_FIELDS.has(key) && typeof item === 'string' ? REDACTED_VALUE : redactJson(item, depth + 1)]),
  );
}
