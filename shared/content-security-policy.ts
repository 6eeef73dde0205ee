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
];

/** Electron's scheme for MCP App frames: each app is served as `loupe-app://a<id>/`, an origin of its own. */
export const APP_FRAME_SCHEME = 'loupe-app';

/**
 * The built page's `<meta>` policy cannot know the browser host's app port, so it allows app
 * origins of either shell; the response header each shell adds narrows this to its exact one.
 */
export const ANY_APP_FRAME_SOURCE = `${APP_FRAME_SCHEME}: http://*.localhost:*`;

export interface PolicyOptions {
  /** Sources the page may connect to besides its own origin (the browser host's WebSocket). */
  connect?: readonly string[];
  /** Only a response header can forbid framing: a `<meta>` policy ignores `frame-ancestors`. */
  forbidFraming?: boolean;
  /**
   * The MCP App frames' origin (a loopback port of its own in browser mode, `loupe-app:` in Electron):
   * the only thing the page may frame. Without it, nothing.
   */
  appFrames?: string;
}

export function contentSecurityPolicy(options: PolicyOptions = {}): string {
  return [
    ...DIRECTIVES,
    `frame-src ${options.appFrames ?? "'none'"}`,
    "form-action 'none'",
    ["connect-src 'self'", ...(options.connect ?? [])].join(' '),
    ...(options.forbidFraming ? ["frame-ancestors 'none'"] : []),
  ].join('; ');
}
