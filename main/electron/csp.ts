import type { Session } from 'electron';
import { contentSecurityPolicy } from '../../shared/content-security-policy.js';

/** The app's policy (see shared/content-security-policy.ts), also as a header on every response. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy({ forbidFraming: true });

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
