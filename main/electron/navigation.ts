import type { WebContents } from 'electron';

/** Only web pages may leave the app, and only to the user's browser. */
export function isExternalHttpUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The window never leaves the app page: navigations and redirects are cancelled, no new
 * window or <webview> is ever created. A window.open (a link with target=_blank) of an
 * http(s) URL is handed to the user's browser instead; any other scheme is dropped.
 */
export function lockNavigation(
  webContents: Pick<WebContents, 'on' | 'setWindowOpenHandler'>,
  openExternal: (url: string) => Promise<void>,
): void {
  webContents.on('will-navigate', (event) => event.preventDefault());
  webContents.on('will-redirect', (event) => event.preventDefault());
  webContents.on('will-attach-webview', (event) => event.preventDefault());
  webContents.setWindowOpenHandler(({ url }) => {
    if (isExternalHttpUrl(url)) {
      openExternal(url).catch((error: unknown) => console.error(`Could not open ${url} in the browser:`, error));
    }
    return { action: 'deny' };
  });
}
