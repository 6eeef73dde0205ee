/**
 * Browser mode: the authorization page opens in a new tab. A tab opened after the core answers
 * would be blocked as a pop-up, so Sign in opens an empty one at the click and the page is loaded
 * into it once the core knows the URL. The desktop app opens the system browser from its main process.
 */
const waiting = new Map<string, Window>();

/** A sign-in page Loupe may link to or load: http(s) only, never `javascript:` or `data:`. */
export function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

export function reserveSignInTab(serverId: string): void {
  const tab = window.open('about:blank', '_blank');
  if (tab) waiting.set(serverId, tab);
}

export function openSignInPage(serverId: string, url: string): boolean {
  const tab = waiting.get(serverId);
  waiting.delete(serverId);
  if (!tab || tab.closed || !isWebUrl(url)) return false;
  tab.opener = null;
  tab.location.href = url;
  return true;
}

/** The sign-in ended without a page to open (e.g. a stored token sufficed): the empty tab goes. */
export function releaseSignInTab(serverId: string): void {
  const tab = waiting.get(serverId);
  waiting.delete(serverId);
  if (tab && !tab.closed && tab.location.href === 'about:blank') tab.close();
}
