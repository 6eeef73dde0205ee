import { LoupeError } from '../../../shared/wire.js';
import { redactInText } from '../traffic/redact-secrets.js';
import { ModelLimitError } from './model-fetch.js';

/** Who failed, for the sentence. */
export interface FailureContext {
  providerName: string;
  baseUrl: string;
  /** The model asked for, when the request named one. */
  modelId?: string | undefined;
  /** Values that must not appear in the sentence (the provider's key: some providers echo it). */
  hide?: readonly string[];
}

/** A provider's answer that is not a success, as Loupe's own requests (the model list) see it. */
export class ProviderStatusError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly url: string,
    readonly responseBody: string | undefined,
    readonly responseHeaders: Record<string, string>,
  ) {
    super(`${status} ${statusText}`);
    this.name = 'ProviderStatusError';
  }
}

/** The failure a chat step or draft ends with: its sentence, and what the model said before it. */
export class StepFailure extends Error {
  constructor(
    message: string,
    readonly partialText: string,
    readonly trafficSeqs: number[],
    /** Characters of the text past the step's limit, read but not kept. */
    readonly textNotKept = 0,
  ) {
    super(message);
    this.name = 'StepFailure';
  }
}

interface StatusFacts {
  status: number;
  statusText?: string | undefined;
  url?: string | undefined;
  body?: string | undefined;
  headers?: Record<string, string> | undefined;
}

const MAX_QUOTED = 200;
const CONNECTION_CODES: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused (is it running?)',
  ENOTFOUND: 'its host name was not found',
  EAI_AGAIN: 'its host name could not be looked up',
  ETIMEDOUT: 'the connection timed out',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'its host cannot be reached',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed (add its CA with NODE_EXTRA_CA_CERTS)',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain has a self-signed certificate (add its CA with NODE_EXTRA_CA_CERTS)',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate could not be verified (add its CA with NODE_EXTRA_CA_CERTS)',
  ERR_TLS_CERT_ALTNAME_INVALID: "its TLS certificate is for another host name",
};

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/** The error and its causes (and a retry's last error), outermost first, at most 10 deep. */
function chain(error: unknown): unknown[] {
  const seen: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && seen.length < 10 && !seen.includes(current)) {
    seen.push(current);
    const fields = record(current);
    current = fields?.name === 'AI_RetryError' ? fields.lastError : fields?.cause;
  }
  return seen;
}

function named(error: unknown, name: string): boolean {
  return record(error)?.name === name;
}

/** The provider's own message in its error body (OpenAI `error.message`, Anthropic `error.message`), quoted and clipped. */
function providerMessage(body: string | undefined, hide: readonly string[]): string | undefined {
  if (!body) return undefined;
  let message: unknown;
  try {
    const parsed = record(JSON.parse(body));
    const inner = record(parsed?.error);
    message = inner?.message ?? parsed?.message ?? parsed?.error;
  } catch {
    message = body;
  }
  if (typeof message !== 'string' || message.trim() === '') return undefined;
  const clean = redactInText(message.replace(/\s+/g, ' ').trim(), hide);
  return clean.length > MAX_QUOTED ? `${clean.slice(0, MAX_QUOTED)}…` : clean;
}

function looksLikeMissingModel(message: string | undefined): boolean {
  return message !== undefined && /model/i.test(message) && /(not[ _]found|does not exist|unknown|no such|not available|invalid model)/i.test(message);
}

function retryAfter(headers: Record<string, string> | undefined): string | undefined {
  const value = headers?.['retry-after'] ?? headers?.['Retry-After'];
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return `${seconds} s`;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : `${Math.max(0, Math.round((date - Date.now()) / 1000))} s`;
}

function describeStatus(facts: StatusFacts, context: FailureContext): string {
  const name = context.providerName;
  const quoted = providerMessage(facts.body, context.hide ?? []);
  const said = quoted ? `: "${quoted}"` : '';
  const code = `${facts.status}${facts.statusText ? ` ${facts.statusText}` : ''}`;
  if (facts.status === 401 || facts.status === 403) return `${name} refused the key (${code})${said}. Check the key in Models settings.`;
  if ((facts.status === 404 || facts.status === 400) && context.modelId && (facts.status === 404 || looksLikeMissingModel(quoted))) {
    return `${name} has no model "${context.modelId}" (${code})${said}. Pick one from its list of models.`;
  }
  if (facts.status === 404) return `${name} answered 404 Not Found at ${facts.url ?? context.baseUrl}${said}. Check the base URL.`;
  if (facts.status === 429) {
    const wait = retryAfter(facts.headers);
    return `${name} is limiting requests (429)${said}${wait ? `; it asks to wait ${wait} before trying again` : ''}.`;
  }
  if (facts.status >= 500) return `${name} failed on its side (${code})${said}. Try again in a moment.`;
  return `${name} answered ${code}${said}.`;
}

function connectionProblem(errors: unknown[]): string | undefined {
  for (const error of errors) {
    const code = record(error)?.code;
    if (typeof code === 'string' && CONNECTION_CODES[code]) return CONNECTION_CODES[code];
  }
  return undefined;
}

/** A stream that broke off: undici's "terminated", a socket closed by the other side. */
function brokeOff(errors: unknown[]): boolean {
  return errors.some((error) => {
    const message = error instanceof Error ? error.message : '';
    return /^terminated$|other side closed|socket hang up|premature close|The response broke off/i.test(message) || named(error, 'SocketError');
  });
}

/** A stream that ended cleanly, but before the provider said the answer was finished. */
export function endedEarly(providerName: string): string {
  return `${providerName}'s answer ended before it said it was finished (the stream was cut short); what arrived is kept.`;
}

/**
 * One sentence for anything that went wrong talking to a model provider: a wrong key, a model
 * that does not exist, rate limits, timeouts, a stream cut mid-way, an answer Loupe cannot read.
 * Every provider text a failure carries (its error body, an SDK message quoting it) reaches the
 * core's state through here, so the key is redacted here: some providers echo the header they got.
 */
export function describeModelFailure(error: unknown, context: FailureContext): string {
  return redactInText(sentenceFor(error, context), context.hide ?? []);
}

function sentenceFor(error: unknown, context: FailureContext): string {
  const errors = chain(error);
  const name = context.providerName;
  const limit = errors.find((item): item is ModelLimitError => item instanceof ModelLimitError);
  // Its sentence starts "The provider …": say which.
  if (limit) return limit.message.replace(/^The provider/, name);
  const loupe = errors.find((item): item is LoupeError => item instanceof LoupeError);
  if (loupe) return loupe.message;
  for (const item of errors) {
    if (item instanceof ProviderStatusError) {
      return describeStatus({ status: item.status, statusText: item.statusText, url: item.url, body: item.responseBody, headers: item.responseHeaders }, context);
    }
    const fields = record(item);
    // A 2xx here is a stream that failed after a good start: its cause says how.
    if (fields?.name === 'AI_APICallError' && typeof fields.statusCode === 'number' && (fields.statusCode < 200 || fields.statusCode > 299)) {
      return describeStatus(
        { status: fields.statusCode, url: fields.url as string | undefined, body: fields.responseBody as string | undefined, headers: fields.responseHeaders as Record<string, string> | undefined },
        context,
      );
    }
  }
  if (errors.some((item) => named(item, 'AI_NoSuchModelError'))) return `${name} has no model "${context.modelId ?? ''}". Pick one from its list of models.`;
  const connection = connectionProblem(errors);
  if (connection) return `Could not reach ${name} at ${context.baseUrl}: ${connection}.`;
  if (brokeOff(errors)) return `The connection to ${name} closed in the middle of its answer; what arrived before is kept.`;
  if (errors.some((item) => item instanceof Error && /stream ended without a finish reason/i.test(item.message))) return endedEarly(name);
  if (errors.some((item) => named(item, 'AbortError'))) return 'Stopped.';
  if (errors.some((item) => named(item, 'AI_JSONParseError') || named(item, 'AI_TypeValidationError') || named(item, 'AI_InvalidResponseDataError'))) {
    return `${name} sent a part of its answer that is not what its API should send, so Loupe could not read it.`;
  }
  if (errors.some((item) => named(item, 'AI_UnsupportedFunctionalityError'))) {
    const message = error instanceof Error ? error.message : String(error);
    return `${name} cannot take this request: ${message}`;
  }
  const message = redactInText(error instanceof Error ? error.message || error.name : String(error), context.hide ?? []);
  return `${name} failed: ${message.length > MAX_QUOTED ? `${message.slice(0, MAX_QUOTED)}…` : message}`;
}
