import type { FetchLike } from '@modelcontextprotocol/client';
import { OAUTH_DEBUG_LIMITS, type DebugExchange } from '../../../../shared/oauth-debugger.js';
import type { WireReport } from '../../traffic/traffic-log.js';
import { readBounded } from '../../transports/bounded-body.js';
import { recordedFetch } from '../recorded-fetch.js';
import type { PreparedRequest } from './debug-request.js';

/** A response as the step reads it: the whole body up to the limit, decoded as UTF-8. */
export interface ReadResponse {
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
  /** The body went past OAUTH_DEBUG_LIMITS.maxResponseBytes and was cut there. */
  truncated: boolean;
}

/** One request sent: the recorded exchange (credentials redacted), and the response or why there was none. */
export interface SentRequest {
  exchange: DebugExchange;
  response?: ReadResponse;
  error?: string;
}

export interface DebugHttpOptions {
  serverUrl: URL;
  recorder: WireReport;
  /** Header names the person marked secret (lower case). */
  secretNames: ReadonlySet<string>;
  /** The run's: stopping the run aborts what is in flight. */
  signal: AbortSignal;
  fetch?: FetchLike;
  timeoutMs?: number;
  maxResponseBytes?: number;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/**
 * A debug run's HTTP: every request through the project's network fetch (proxy, CA) and the
 * recording fetch (so it is an `http` entry in the traffic log, credentials redacted), never
 * following redirects, within a time and a body size.
 */
export class DebugHttp {
  private readonly fetch: FetchLike;
  private lastExchange: DebugExchange | undefined;

  constructor(private readonly options: DebugHttpOptions) {
    this.fetch = recordedFetch(
      options.recorder,
      options.serverUrl,
      (exchange, seq) => {
        this.lastExchange = { ...exchange, ...(seq >= 0 ? { trafficSeq: seq } : {}) };
      },
      { secretNames: options.secretNames, ...(options.fetch ? { inner: options.fetch } : {}) },
    );
  }

  get recorder(): WireReport {
    return this.options.recorder;
  }

  async send(request: PreparedRequest, enough?: (textSoFar: string) => boolean): Promise<SentRequest> {
    const timeoutMs = this.options.timeoutMs ?? OAUTH_DEBUG_LIMITS.requestTimeoutMs;
    const signal = AbortSignal.any([this.options.signal, AbortSignal.timeout(timeoutMs)]);
    this.lastExchange = undefined;
    const started = Date.now();
    let response: Response;
    try {
      response = await this.fetch(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
        redirect: 'manual',
        signal,
      });
    } catch (error) {
      const why = signal.aborted && !this.options.signal.aborted ? `No answer within ${Math.round(timeoutMs / 1000)} s.` : reasonOf(error);
      return { exchange: this.lastExchange ?? { method: request.method, url: request.url, requestHeaders: {}, durationMs: Date.now() - started, error: why, purpose: 'oauth' }, error: why };
    }
    const exchange = this.lastExchange ?? { method: request.method, url: request.url, requestHeaders: {}, durationMs: Date.now() - started, status: response.status, purpose: 'oauth' as const };
    try {
      const { text, truncated } = await readBounded(response, this.options.maxResponseBytes ?? OAUTH_DEBUG_LIMITS.maxResponseBytes, enough);
      return { exchange, response: { status: response.status, statusText: response.statusText, headers: response.headers, text, truncated } };
    } catch (error) {
      const why = signal.aborted && !this.options.signal.aborted ? `The answer did not end within ${Math.round(timeoutMs / 1000)} s.` : `The answer broke off: ${reasonOf(error)}`;
      return { exchange: { ...exchange, error: why }, error: why };
    }
  }
}
