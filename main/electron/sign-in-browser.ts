import type { Core } from '../core/core.js';

/**
 * Opens each OAuth authorization page the core asks for (`auth.openUrl`) in the system browser,
 * as RFC 8252 asks of native apps; the loopback redirect brings the answer back to the core.
 * Only http(s) URLs are opened. Returns a function that stops it.
 */
export function openSignInPagesInBrowser(core: Pick<Core, 'subscribe'>, openExternal: (url: string) => Promise<void>): () => void {
  return core.subscribe((name, payload) => {
    if (name !== 'auth.openUrl') return;
    const { url } = payload as { url: string };
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return;
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return;
    openExternal(parsed.toString()).catch(() => {
      // The Auth view shows the link too, for when no browser opens.
    });
  });
}
