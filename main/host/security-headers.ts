/** Headers sent with every response, whatever its status. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/**
 * The policy for the app's page. `hostHeader` must already be validated by the origin
 * policy: it is one of the host's own names, so it is safe to embed.
 */
export function contentSecurityPolicy(hostHeader: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "media-src 'self' data: blob:",
    `connect-src 'self' ws://${hostHeader}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}
