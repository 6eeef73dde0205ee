import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The cookie that carries the session token after the first page load. */
export const TOKEN_COOKIE = 'loupe_token';
/** The query parameter that carries the session token (scripts and tests; the printed URL has a code). */
export const TOKEN_QUERY_PARAM = 'token';
/** The query parameter of the printed URL: a one-time code exchanged for the session cookie. */
export const LAUNCH_CODE_PARAM = 'code';

/** 32 random bytes, base64url: safe in a URL, a cookie and a header without escaping. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * Constant-time comparison. Both sides are hashed first so timingSafeEqual always gets
 * buffers of equal length and the candidate's length leaks nothing either.
 */
export function tokenMatches(expected: string, candidate: string): boolean {
  return timingSafeEqual(sha256(expected), sha256(candidate));
}

/** Every value of the named cookie in a `Cookie` header (a browser may send duplicates). */
export function cookieValues(cookieHeader: string | undefined, name: string): string[] {
  if (!cookieHeader) return [];
  const values: string[] = [];
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    values.push(part.slice(separator + 1).trim());
  }
  return values;
}

export function tokenCookieHeader(token: string): string {
  return `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}
