import type { Protocol, Session } from 'electron';
import type { RequestHandlers } from '../../shared/contract.js';
import { APP_FRAME_SCHEME } from '../../shared/content-security-policy.js';
import { answerAppFrame, MAX_REPORT_BYTES } from '../app-frames/app-frame-response.js';

/** The core's origin template for app frames: every app is `loupe-app://a<id>`, an origin of its own. */
export const APP_FRAME_ORIGIN_TEMPLATE = `${APP_FRAME_SCHEME}://{app}`;

/**
 * Makes `loupe-app:` a standard, secure scheme, so each host name is its own origin (and
 * postMessage reports it). Electron allows this only before the app is ready.
 */
export function registerAppFrameScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_FRAME_SCHEME, privileges: { standard: true, secure: true } }]);
}

async function readReport(request: Request): Promise<string> {
  const text = await request.text();
  if (text.length > MAX_REPORT_BYTES) throw new Error('too large');
  return text;
}

/**
 * Serves MCP App frames on `loupe-app:` from the core's app documents, with the same answers as
 * the browser host's app listener (see app-frames/app-frame-response.ts). Nothing else of the app
 * is reachable there: no file, no renderer, no IPC (the preload runs in the main frame only).
 */
export function serveAppFrames(session: Pick<Session, 'protocol'>, handlers: Pick<RequestHandlers, 'apps.document' | 'apps.report'>): void {
  session.protocol.handle(APP_FRAME_SCHEME, async (request) => {
    const url = new URL(request.url);
    const fetchDest = request.headers.get('sec-fetch-dest');
    const answer = await answerAppFrame(handlers, {
      method: request.method,
      hostLabel: url.hostname,
      path: url.pathname,
      fetchDest: fetchDest ?? undefined,
      readBody: () => readReport(request),
    }).catch(() => ({ status: 500, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'Internal error.\n' }));
    const body = request.method === 'HEAD' || answer.status === 204 ? null : answer.body;
    return new Response(body, { status: answer.status, headers: answer.headers });
  });
}
