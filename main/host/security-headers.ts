import { contentSecurityPolicy } from '../../shared/content-security-policy.js';

/** Headers sent with every response, whatever its status. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/**
 * The policy for the app's page. `hostHeader` must already be validated by the origin
 * policy: it is one of the host's own names, so it is safe to embed.
 */
export function pagePolicy(hostHeader: string, appFrames?: string): string {
  return contentSecurityPolicy({ connect: [`ws://${hostHeader}`], forbidFraming: true, ...(appFrames ? { appFrames } : {}) });
}
