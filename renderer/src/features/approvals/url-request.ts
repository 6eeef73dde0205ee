import type { JsonObject } from '../../../../shared/mcp.js';
import { revealInvisible } from '../../../../shared/reveal-invisible.js';

export interface UrlTarget {
  url: string;
  /** The URL as shown: invisible and bidi characters written out, so the path cannot disguise itself. */
  shownUrl: string;
  /** The host as the URL parser reads it (internationalized names in punycode, so look-alikes show). */
  host?: string;
  /** Only http and https pages may be opened. */
  safe: boolean;
}

/** The page a URL-mode elicitation asks the person to open, checked before anything opens it. */
export function readUrlRequest(request: JsonObject): UrlTarget {
  const url = typeof request.url === 'string' ? request.url : '';
  try {
    const parsed = new URL(url);
    const safe = parsed.protocol === 'http:' || parsed.protocol === 'https:';
    return { url, shownUrl: revealInvisible(url), ...(parsed.host ? { host: parsed.host } : {}), safe };
  } catch {
    return { url, shownUrl: revealInvisible(url), safe: false };
  }
}
