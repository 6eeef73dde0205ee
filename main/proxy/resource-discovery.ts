/**
 * A reverse proxy stands in for the protected resource: a client checks that the protected
 * resource metadata (RFC 9728) names the URL it connects to, so the server's own answer (naming
 * the server's address) would stop every sign-in through the proxy. These rewrite the two places
 * discovery reads, and nothing else: the challenge's `resource_metadata` URL and the metadata's
 * `resource`, each only when it is on the server's own origin. The record keeps what the server sent.
 */

/** Protected resource metadata bodies larger than this pass untouched (real ones are a few hundred bytes). */
export const MAX_REWRITTEN_METADATA_BYTES = 64 * 1024;

const METADATA_PATH = '/.well-known/oauth-protected-resource';

export function isResourceMetadataPath(pathname: string): boolean {
  return pathname === METADATA_PATH || pathname.startsWith(`${METADATA_PATH}/`);
}

/** `url` moved from the server's origin to the listener's; undefined when it is elsewhere or not a URL. */
function onListener(url: string, upstream: URL, listener: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  if (parsed.origin !== upstream.origin) return undefined;
  // The rest exactly as written (a resource without a trailing slash keeps none).
  return listener + url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
}

/** A WWW-Authenticate value whose `resource_metadata` on the server's origin now points at the listener (same path). */
export function rewriteChallenge(header: string, upstream: URL, listener: string): string {
  return header.replace(/(resource_metadata\s*=\s*")([^"]*)(")/gi, (whole, open: string, url: string, close: string) => {
    const moved = onListener(url, upstream, listener);
    return moved === undefined ? whole : `${open}${moved}${close}`;
  });
}

/**
 * The metadata document with its `resource` on the listener, or undefined when there is nothing
 * to change (not JSON, no `resource`, or a resource on another origin: left to the client to judge).
 */
export function rewriteResourceMetadata(body: string, upstream: URL, listener: string): string | undefined {
  let document: unknown;
  try {
    document = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return undefined;
  const resource = (document as { resource?: unknown }).resource;
  if (typeof resource !== 'string') return undefined;
  const moved = onListener(resource, upstream, listener);
  if (moved === undefined || moved === resource) return undefined;
  return JSON.stringify({ ...document, resource: moved });
}
