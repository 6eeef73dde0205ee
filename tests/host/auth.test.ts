import type { IncomingMessage } from 'node:http';
import { LAUNCH_CODE_TTL_MS, LaunchCodes } from '../../main/host/launch-codes.js';
import { describe, expect, it } from 'vitest';
import { decideAccess } from '../../main/host/auth.js';
import { createOriginPolicy } from '../../main/core/base/origin-policy.js';
import { cookieValues, generateToken, tokenCookieHeader, tokenMatches } from '../../main/host/token.js';

const fakeRequest = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('session token', () => {
  it('is 32 random bytes in base64url', () => {
    const token = generateToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(generateToken()).not.toBe(token);
  });

  it('matches only the exact token, whatever the candidate length', () => {
    const token = generateToken();
    expect(tokenMatches(token, token)).toBe(true);
    expect(tokenMatches(token, token.slice(0, -1))).toBe(false);
    expect(tokenMatches(token, `${token}a`)).toBe(false);
    expect(tokenMatches(token, '')).toBe(false);
    expect(tokenMatches(token, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
  });

  it('reads every value of a cookie', () => {
    expect(cookieValues(undefined, 'loupe_token')).toEqual([]);
    expect(cookieValues('a=1; loupe_token=x; b; loupe_token=y=z', 'loupe_token')).toEqual(['x', 'y=z']);
    expect(cookieValues('xloupe_token=1', 'loupe_token')).toEqual([]);
    expect(tokenCookieHeader('T')).toBe('loupe_token=T; HttpOnly; SameSite=Strict; Path=/');
  });
});

describe('origin policy', () => {
  it('allows the host own names and port only', () => {
    const policy = createOriginPolicy('127.0.0.1', 4000);
    expect(policy.isAllowedHost('127.0.0.1:4000')).toBe(true);
    expect(policy.isAllowedHost('LOCALHOST:4000')).toBe(true);
    expect(policy.isAllowedHost('127.0.0.1:4001')).toBe(false);
    expect(policy.isAllowedHost('127.0.0.1')).toBe(false);
    expect(policy.isAllowedHost('evil.example:4000')).toBe(false);
    expect(policy.isAllowedHost(undefined)).toBe(false);
    expect(policy.isAllowedOrigin('http://127.0.0.1:4000')).toBe(true);
    expect(policy.isAllowedOrigin('http://localhost:4000')).toBe(true);
    expect(policy.isAllowedOrigin('https://127.0.0.1:4000')).toBe(false);
    expect(policy.isAllowedOrigin('http://127.0.0.1:4000.evil.example')).toBe(false);
    expect(policy.isAllowedOrigin('null')).toBe(false);
  });

  it('adds an explicit bind address, bracketing IPv6', () => {
    expect(createOriginPolicy('192.168.1.5', 80).isAllowedOrigin('http://192.168.1.5')).toBe(true);
    expect(createOriginPolicy('::1', 4000).isAllowedHost('[::1]:4000')).toBe(true);
    expect(createOriginPolicy('0.0.0.0', 4000).isAllowedHost('0.0.0.0:4000')).toBe(false);
  });
});

describe('access decision', () => {
  const token = 'the-token';
  const policy = createOriginPolicy('127.0.0.1', 4000);
  const host = '127.0.0.1:4000';
  const url = (query = '') => new URL(`http://x/bridge${query}`);

  it('checks Host, then Origin, then the token', () => {
    const rules = { token, policy, requireOrigin: true };
    const origin = 'http://127.0.0.1:4000';
    expect(decideAccess(fakeRequest({ host: 'evil:4000', origin, cookie: `loupe_token=${token}` }), url(), rules)).toMatchObject({
      allowed: false,
      status: 421,
    });
    expect(decideAccess(fakeRequest({ host, cookie: `loupe_token=${token}` }), url(), rules)).toMatchObject({ status: 403 });
    expect(decideAccess(fakeRequest({ host, origin: 'http://evil' }), url(`?token=${token}`), rules)).toMatchObject({ status: 403 });
    expect(decideAccess(fakeRequest({ host, origin }), url(), rules)).toMatchObject({ status: 401 });
    expect(decideAccess(fakeRequest({ host, origin }), url(`?token=${token}`), rules)).toEqual({ allowed: true, viaQuery: true });
    expect(decideAccess(fakeRequest({ host, origin, cookie: `loupe_token=old; loupe_token=${token}` }), url(), rules)).toEqual({
      allowed: true,
      viaQuery: false,
    });
  });

  it('lets plain HTTP requests go without an Origin', () => {
    const rules = { token, policy, requireOrigin: false };
    expect(decideAccess(fakeRequest({ host, cookie: `loupe_token=${token}` }), url(), rules)).toEqual({ allowed: true, viaQuery: false });
  });
});

describe('LaunchCodes', () => {
  it('redeems each code once, and not after it expired', () => {
    let now = 1_000;
    const codes = new LaunchCodes(() => now);
    const first = codes.issue();
    const second = codes.issue();
    expect(codes.redeem(first)).toBe(true);
    expect(codes.redeem(first)).toBe(false);
    expect(codes.redeem('not-a-code')).toBe(false);
    now += LAUNCH_CODE_TTL_MS + 1;
    expect(codes.redeem(second)).toBe(false);
  });
});
