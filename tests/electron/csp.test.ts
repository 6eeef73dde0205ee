import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type { Session } from 'electron';
import { ANY_APP_FRAME_SOURCE, contentSecurityPolicy } from '../../shared/content-security-policy.js';
import { applyContentSecurityPolicy, CONTENT_SECURITY_POLICY } from '../../main/electron/csp.js';

function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

describe('CONTENT_SECURITY_POLICY', () => {
  const policy = directives(CONTENT_SECURITY_POLICY);

  it('never allows eval or inline scripts', () => {
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).not.toContain('wasm-unsafe-eval');
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });

  it('loads scripts from the app bundle only, never from a remote or wildcard source', () => {
    for (const name of ['default-src', 'script-src']) {
      const sources = policy.get(name) ?? [];
      expect(sources).toEqual(["'self'"]);
      for (const source of sources) expect(source).not.toMatch(/^(https?:|\*|data:|blob:)/);
    }
  });

  it('keeps plugins, forms and base-URL changes out, and frames nothing but MCP Apps on loupe-app:', () => {
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-src')).toEqual(['loupe-app:']);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
  });

  it('is exactly the agreed policy', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; " +
        "media-src 'self' data: blob:; object-src 'none'; base-uri 'none'; frame-src loupe-app:; form-action 'none'; " +
        "connect-src 'self'; frame-ancestors 'none'",
    );
  });
});

describe('applyContentSecurityPolicy', () => {
  type Listener = Parameters<Session['webRequest']['onHeadersReceived']>[0];

  function install(): Listener {
    const onHeadersReceived = vi.fn();
    applyContentSecurityPolicy({ webRequest: { onHeadersReceived } } as unknown as Session);
    expect(onHeadersReceived).toHaveBeenCalledTimes(1);
    return onHeadersReceived.mock.calls[0]![0] as Listener;
  }

  function respond(listener: Listener, responseHeaders: Record<string, string[]> | undefined) {
    const callback = vi.fn();
    const details = { url: 'file:///app/index.html', resourceType: 'mainFrame', responseHeaders };
    (listener as unknown as (d: typeof details, cb: typeof callback) => void)(details, callback);
    expect(callback).toHaveBeenCalledTimes(1);
    return callback.mock.calls[0]![0] as { responseHeaders: Record<string, string[]> };
  }

  it('adds the policy to a response without headers (file://)', () => {
    const { responseHeaders } = respond(install(), undefined);
    expect(responseHeaders).toEqual({ 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
  });

  it('leaves an MCP App frame’s own policy (built from its declared domains) in place', () => {
    const listener = install();
    const callback = vi.fn();
    const details = { url: 'loupe-app://a0123456789abcdef01234567/', resourceType: 'subFrame', responseHeaders: { 'Content-Security-Policy': ["default-src 'none'"] } };
    (listener as unknown as (d: typeof details, cb: typeof callback) => void)(details, callback);
    expect(callback).toHaveBeenCalledExactlyOnceWith({});
  });

  it('replaces any policy the response carried and keeps the other headers', () => {
    const { responseHeaders } = respond(install(), {
      'content-security-policy': ["script-src * 'unsafe-eval'"],
      'Content-Type': ['text/html'],
    });
    expect(responseHeaders).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
    });
  });
});

describe('the built page', () => {
  it('carries the same policy in a <meta>, so it holds wherever the page is loaded from', () => {
    const html = readFileSync(fileURLToPath(new URL('../../dist/renderer/index.html', import.meta.url)), 'utf8');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
    expect(meta?.[1]?.replaceAll('&#39;', "'")).toBe(contentSecurityPolicy({ appFrames: ANY_APP_FRAME_SOURCE }));
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
  });
});
