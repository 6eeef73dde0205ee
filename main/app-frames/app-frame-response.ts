import { APP_CSP_REPORT_PATH, APP_ID_PATTERN } from '../../shared/apps.js';
import type { RequestHandlers } from '../../shared/contract.js';

/** What either shell knows about a request on an app's own origin. */
export interface AppFrameRequest {
  method: string;
  /** The app's host label (`a<id>`), already taken from the Host header or URL. */
  hostLabel: string;
  path: string;
  /** `Sec-Fetch-Dest`, when the shell has it: a document must be loaded as a frame. */
  fetchDest: string | undefined;
  readBody(): Promise<string>;
}

export interface AppFrameResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Largest violation report read; a report is a few hundred bytes. */
export const MAX_REPORT_BYTES = 64 * 1024;

const BASE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

function text(status: number, message: string): AppFrameResponse {
  return { status, headers: { ...BASE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' }, body: message };
}

/** The app id of a host label `a<id>`, or null. */
export function appIdOfLabel(label: string): string | null {
  const id = label.toLowerCase().startsWith('a') ? label.slice(1).toLowerCase() : '';
  return APP_ID_PATTERN.test(id) ? id : null;
}

/**
 * Answers a request on an app's origin, the same way in both shells: the app's document with the
 * policy built from its declared domains, or a violation report passed to the core. Nothing else
 * is served there, and nothing of Loupe's (no token, no cookie, no renderer file).
 */
export async function answerAppFrame(
  handlers: Pick<RequestHandlers, 'apps.document' | 'apps.report'>,
  request: AppFrameRequest,
): Promise<AppFrameResponse> {
  const appId = appIdOfLabel(request.hostLabel);
  if (!appId) return text(421, 'Misdirected request: not an app origin.\n');
  if (request.path === APP_CSP_REPORT_PATH) {
    if (request.method !== 'POST') return text(405, 'Method not allowed.\n');
    let report: unknown;
    try {
      report = JSON.parse(await request.readBody());
    } catch {
      return text(400, 'A violation report is JSON.\n');
    }
    await handlers['apps.report']({ appId, report });
    return { status: 204, headers: { ...BASE_HEADERS }, body: '' };
  }
  if (request.path !== '/') return text(404, 'Not found.\n');
  if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'Method not allowed.\n');
  if (request.fetchDest !== undefined && request.fetchDest !== 'iframe') {
    return text(403, 'Forbidden: an app document opens only inside MCP Loupe’s app frame.\n');
  }
  const document = await handlers['apps.document']({ appId });
  if (!document) return text(404, 'This app was closed; run its tool again in MCP Loupe.\n');
  return {
    status: 200,
    headers: { ...BASE_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': document.policy },
    body: document.html,
  };
}
