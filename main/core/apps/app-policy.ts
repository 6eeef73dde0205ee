import type { AppCspDomains } from '../../../shared/apps.js';

/**
 * The Content-Security-Policy an app document is served with, built from the domains its resource
 * declares (SEP-1865: nothing declared means no network at all). Inline script and style are
 * allowed because apps ship as one HTML file. Violations are reported to the app's own origin,
 * where the shell records them in the traffic log.
 */
export function appContentSecurityPolicy(csp: AppCspDomains, reportUrl: string): string {
  const list = (domains: readonly string[], fallback: string) => (domains.length > 0 ? domains.join(' ') : fallback);
  const resources = csp.resourceDomains.join(' ');
  const withResources = (base: string) => (resources ? `${base} ${resources}` : base);
  return [
    "default-src 'none'",
    // 'report-sample' puts the blocked code's start in a report, so a harmless probe can be told apart.
    withResources("script-src 'unsafe-inline' 'report-sample'"),
    withResources("style-src 'unsafe-inline'"),
    withResources('img-src data: blob:'),
    withResources('font-src data:'),
    withResources('media-src data: blob:'),
    `connect-src ${list(csp.connectDomains, "'none'")}`,
    `frame-src ${list(csp.frameDomains, "'none'")}`,
    `base-uri ${list(csp.baseUriDomains, "'self'")}`,
    "object-src 'none'",
    "form-action 'none'",
    `report-uri ${reportUrl}`,
  ].join('; ');
}
