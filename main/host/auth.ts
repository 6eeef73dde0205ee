import type { IncomingMessage } from 'node:http';
import type { OriginPolicy } from '../core/base/origin-policy.js';
import { TOKEN_COOKIE, TOKEN_QUERY_PARAM, cookieValues, tokenMatches } from './token.js';

export type AccessDecision =
  | { allowed: true; /** The token came in the query string (the printed URL), not the cookie. */ viaQuery: boolean }
  | { allowed: false; status: number; message: string };

export interface AccessRules {
  token: string;
  policy: OriginPolicy;
  /** WebSocket upgrades must carry an Origin: browsers always send one. */
  requireOrigin: boolean;
}

export const UNAUTHORIZED_MESSAGE = 'Unauthorized: open the URL that mcp-loupe printed; it carries the session token.\n';

/** The one gate every HTTP request and WebSocket upgrade goes through, before anything else runs. */
export function decideAccess(request: IncomingMessage, url: URL, rules: AccessRules): AccessDecision {
  if (!rules.policy.isAllowedHost(request.headers.host)) {
    return { allowed: false, status: 421, message: 'Misdirected request: unexpected Host header.\n' };
  }
  const origin = request.headers.origin;
  if (origin === undefined ? rules.requireOrigin : !rules.policy.isAllowedOrigin(origin)) {
    return { allowed: false, status: 403, message: 'Forbidden: missing or foreign Origin.\n' };
  }
  const queryToken = url.searchParams.get(TOKEN_QUERY_PARAM);
  if (queryToken !== null) {
    // A token in the URL must be right even when a cookie is present too.
    return tokenMatches(rules.token, queryToken)
      ? { allowed: true, viaQuery: true }
      : { allowed: false, status: 401, message: UNAUTHORIZED_MESSAGE };
  }
  // Check every candidate so the time taken does not depend on which one matched.
  const matches = cookieValues(request.headers.cookie, TOKEN_COOKIE).map((value) => tokenMatches(rules.token, value));
  return matches.includes(true)
    ? { allowed: true, viaQuery: false }
    : { allowed: false, status: 401, message: UNAUTHORIZED_MESSAGE };
}
