/**
 * What `loupe proxy --http` lets through to its server: requests made to its own address (Host, so a
 * rebinding domain cannot use it), from no page or its own origin (Origin, so another site's page
 * cannot), for a path on the server's origin (never another host: it would carry the client's
 * credentials there). The Host and Origin rules are the app host's (`origin-policy.ts`).
 */
import type { IncomingMessage } from 'node:http';
import type { OriginPolicy } from '../core/base/origin-policy.js';

export type ListenerDecision = { allowed: true; target: URL } | { allowed: false; status: number; reason: string };

/** How much of a refused request target the refusal quotes. */
const MAX_QUOTED_TARGET = 200;

function quoted(target: string): string {
  return JSON.stringify(target.length > MAX_QUOTED_TARGET ? `${target.slice(0, MAX_QUOTED_TARGET)}…` : target);
}

/**
 * The server's URL for a request target: the server's origin and the target's path and query. Only
 * an origin-form target (`/path?query`) has one; an absolute-form (`http://host/x`), `//host/x` or
 * `/\host/x` names another host (URL parsing turns the last two into one) and `*` none.
 */
export function upstreamTarget(requestTarget: string, upstream: URL): URL | undefined {
  if (!requestTarget.startsWith('/') || requestTarget.startsWith('//') || requestTarget.startsWith('/\\')) return undefined;
  try {
    const target = new URL(requestTarget, upstream.origin);
    return target.origin === upstream.origin ? target : undefined;
  } catch {
    return undefined;
  }
}

export function decideListenerRequest(incoming: IncomingMessage, policy: OriginPolicy, upstream: URL): ListenerDecision {
  if (!policy.isAllowedHost(incoming.headers.host)) {
    return { allowed: false, status: 421, reason: 'This loupe proxy answers to its own address only.' };
  }
  const origin = incoming.headers.origin;
  if (origin !== undefined && !policy.isAllowedOrigin(origin)) {
    return { allowed: false, status: 403, reason: `This loupe proxy refuses requests from another site's page (Origin ${quoted(origin)}).` };
  }
  const requestTarget = incoming.url ?? '';
  const target = upstreamTarget(requestTarget, upstream);
  if (!target) {
    return { allowed: false, status: 400, reason: `This loupe proxy forwards paths on ${upstream.origin} only, not the request target ${quoted(requestTarget)}.` };
  }
  return { allowed: true, target };
}
