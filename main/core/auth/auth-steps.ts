import { AUTH_STEP_TITLES, type AuthStep, type AuthStepKind, type HttpExchange } from '../../../shared/auth.js';
import { CALLBACK_PATH } from './loopback-redirect.js';

/** Which step of the flow an OAuth HTTP exchange is, read from its URL and body. */
export function classifyOAuthExchange(exchange: HttpExchange): AuthStepKind {
  const url = safeUrl(exchange.url);
  const path = url?.pathname ?? '';
  if (path.includes('/.well-known/oauth-protected-resource')) return 'resource-metadata';
  if (path.includes('/.well-known/oauth-authorization-server') || path.includes('/.well-known/openid-configuration')) {
    return 'authorization-server-metadata';
  }
  if (url?.hostname === '127.0.0.1' && path === CALLBACK_PATH) return 'callback';
  if (exchange.method === 'POST') {
    const grant = /(?:^|&)grant_type=([^&]+)/.exec(exchange.requestBody ?? '')?.[1];
    if (grant === 'refresh_token') return 'refresh';
    if (grant) return 'token';
    return 'registration';
  }
  return 'authorize';
}

function safeUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** `error: description` from an OAuth error body, when there is one. */
export function oauthErrorText(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { error?: unknown; error_description?: unknown };
    if (typeof parsed.error !== 'string') return undefined;
    return typeof parsed.error_description === 'string' ? `${parsed.error}: ${parsed.error_description}` : parsed.error;
  } catch {
    return undefined;
  }
}

/** The step an HTTP exchange stands for, with a one-sentence summary. */
export function stepFromExchange(kind: AuthStepKind, exchange: HttpExchange, trafficSeq: number, time: number): AuthStep {
  const status = exchange.status;
  const statusLine = status === undefined ? '' : `${status} ${exchange.statusText ?? ''}`.trim();
  let stepStatus: AuthStep['status'] = 'ok';
  let summary: string;
  if (exchange.error) {
    stepStatus = 'failed';
    summary = `No response: ${exchange.error}`;
  } else if (kind === 'challenge' || kind === 'step-up') {
    const challenge = exchange.responseHeaders?.['www-authenticate'];
    summary = `The server answered ${statusLine}${challenge ? ` with WWW-Authenticate: ${challenge}` : ' without a WWW-Authenticate header'}.`;
  } else if (status !== undefined && status >= 300 && status < 400) {
    summary = `${statusLine}: redirected to ${exchange.responseHeaders?.location ?? 'another page'}.`;
  } else if (status !== undefined && status >= 400) {
    const reason = oauthErrorText(exchange.responseBody);
    const discovery = kind === 'resource-metadata' || kind === 'authorization-server-metadata';
    stepStatus = discovery && status === 404 ? 'missed' : 'failed';
    summary = discovery && status === 404 ? `Not found at this location (${statusLine}); the next one is tried.` : `${statusLine}${reason ? ` — ${reason}` : ''}.`;
  } else {
    summary = `${statusLine}.`;
  }
  return { kind, title: AUTH_STEP_TITLES[kind], status: stepStatus, time, summary, http: exchange, ...(trafficSeq >= 0 ? { trafficSeq } : {}) };
}
