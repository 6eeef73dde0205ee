/**
 * The app's Content-Security-Policy, one source for every place that states it: the `<meta>` in
 * the built index.html (which also covers Electron's file:// page, where response headers may not
 * apply), Electron's response header, and the browser host's header. Scripts come only from the
 * app bundle (no eval, no remote code); images may be remote because MCP servers send icons.
 */
const DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "media-src 'self' data: blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-src 'none'",
  "form-action 'none'",
];

export interface PolicyOptions {
  /** Sources the page may connect to besides its own origin (the browser host's WebSocket). */
  connect?: readonly string[];
  /** Only a response header can forbid framing: a `<meta>` policy ignores `frame-ancestors`. */
  forbidFraming?: boolean;
}

export function contentSecurityPolicy(options: PolicyOptions = {}): string {
  return [
    ...DIRECTIVES,
    ["connect-src 'self'", ...(options.connect ?? [])].join(' '),
    ...(options.forbidFraming ? ["frame-ancestors 'none'"] : []),
  ].join('; ');
}
