import type { Session } from 'electron';

/**
 * The app's Content-Security-Policy. Scripts come only from the app bundle (no eval, no
 * remote code); images may be remote because MCP servers send icons and image links.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "media-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-src 'none'",
  "form-action 'none'",
].join('; ');

/** Puts our policy on every response the session receives, replacing any policy it carried. */
export function applyContentSecurityPolicy(session: Pick<Session, 'webRequest'>): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    const responseHeaders: Record<string, string[]> = {};
    for (const [header, value] of Object.entries(details.responseHeaders ?? {})) {
      if (header.toLowerCase() !== 'content-security-policy') responseHeaders[header] = value;
    }
    responseHeaders['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
    callback({ responseHeaders });
  });
}
