import type { Session } from 'electron';
import { APP_FRAME_SCHEME, contentSecurityPolicy } from '../../shared/content-security-policy.js';

/** The app's policy (see shared/content-security-policy.ts), also as a header on every response; it frames MCP Apps only. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy({ forbidFraming: true, appFrames: `${APP_FRAME_SCHEME}:` });

/**
 * Puts our policy on every response the session receives, replacing any policy it carried, except
 * on an MCP App's frame, which keeps the policy built from its declared domains (app-protocol.ts).
 */
export function applyContentSecurityPolicy(session: Pick<Session, 'webRequest'>): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    if (typeof details.url === 'string' && details.url.startsWith(`${APP_FRAME_SCHEME}:`)) {
      callback({});
      return;
    }
    const responseHeaders: Record<string, string[]> = {};
    for (const [header, value] of Object.entries(details.responseHeaders ?? {})) {
      if (header.toLowerCase() !== 'content-security-policy') responseHeaders[header] = value;
    }
    responseHeaders['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
    callback({ responseHeaders });
  });
}
