import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { startHost, type RunningHost } from '../../main/host/start-host.js';
import { INDEX_HTML, SECRET, createFakeCore, createRendererDir, rawHttp, totalHandlerCalls, type FakeCore } from './helpers.js';

const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuvw';

describe('browser host over HTTP', () => {
  let fake: FakeCore;
  let host: RunningHost;
  let renderer: Awaited<ReturnType<typeof createRendererDir>>;
  let cookie: string;

  beforeEach(async () => {
    fake = createFakeCore();
    renderer = await createRendererDir();
    host = await startHost({ core: fake.core, host: '127.0.0.1', port: 0, rendererDir: renderer.rendererDir, token: TOKEN });
    cookie = `loupe_token=${TOKEN}`;
  });

  afterEach(async () => {
    await host.close();
    await renderer.cleanup();
  });

  it('binds to 127.0.0.1 by default and prints a one-time link on a host name of its own, never the token', async () => {
    const other = await startHost({ core: fake.core, rendererDir: renderer.rendererDir });
    try {
      const address = other.server.address() as AddressInfo;
      expect(address.address).toBe('127.0.0.1');
      expect(address.port).toBe(other.port);
      expect(other.port).toBeGreaterThan(0);
      expect(other.sessionHost).toMatch(new RegExp(`^loupe-[0-9a-f]{12}\\.localhost:${other.port}$`));
      expect(other.url).toMatch(/^http:\/\/loupe-[0-9a-f]{12}\.localhost:\d+\/\?code=[A-Za-z0-9_-]{43}$/);
      expect(other.url).not.toContain(other.token);
      expect(Buffer.from(other.token, 'base64url')).toHaveLength(32);
      expect(other.token).not.toBe(host.token);
      expect(other.sessionHost).not.toBe(host.sessionHost);
    } finally {
      await other.close();
    }
  });

  it('the printed link works once: it moves to the session host, sets a host-only cookie, then is dead', async () => {
    const code = new URL(host.url).searchParams.get('code')!;
    const viaIp = await rawHttp(host.port, `/?code=${code}`);
    expect(viaIp.status).toBe(303);
    expect(viaIp.headers.location).toBe(`http://${host.sessionHost}/?code=${code}`);
    expect(viaIp.headers['set-cookie']).toBeUndefined();

    const first = await rawHttp(host.port, `/?code=${code}`, { headers: { host: host.sessionHost } });
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
    const setCookie = first.headers['set-cookie']?.[0] ?? '';
    expect(setCookie).toBe(`loupe_token=${TOKEN}; HttpOnly; SameSite=Strict; Path=/`);
    expect(setCookie).not.toMatch(/Domain=/i);

    const again = await rawHttp(host.port, `/?code=${code}`, { headers: { host: host.sessionHost } });
    expect(again.status).toBe(401);
    expect(again.body).toMatch(/^This link was already used, or it expired/);
    expect(again.headers['set-cookie']).toBeUndefined();

    const page = await rawHttp(host.port, '/', { headers: { host: host.sessionHost, cookie: `loupe_token=${TOKEN}` } });
    expect(page.status).toBe(200);
    expect(page.body).toBe(INDEX_HTML);
  });

  it('a made-up code opens nothing', async () => {
    const response = await rawHttp(host.port, '/?code=made-up', { headers: { host: host.sessionHost } });
    expect(response.status).toBe(401);
    expect(totalHandlerCalls(fake.spies)).toBe(0);
  });

  it('refuses a request without a token with 401 and runs no handler', async () => {
    for (const requestPath of ['/', '/index.html', '/assets/app.js', '/bridge', '/nothing']) {
      const result = await rawHttp(host.port, requestPath);
      expect(result.status, requestPath).toBe(401);
      expect(result.headers['content-type']).toMatch(/^text\/plain/);
      expect(result.body).toMatch(/Unauthorized/);
      expect(result.body).not.toContain('<div id="root">');
    }
    expect(totalHandlerCalls(fake.spies)).toBe(0);
  });

  it('refuses a wrong token in the query or the cookie', async () => {
    expect((await rawHttp(host.port, '/?token=wrong')).status).toBe(401);
    expect((await rawHttp(host.port, `/?token=${TOKEN}x`)).status).toBe(401);
    expect((await rawHttp(host.port, `/?token=${TOKEN.slice(0, -1)}`)).status).toBe(401);
    expect((await rawHttp(host.port, '/?token=')).status).toBe(401);
    expect((await rawHttp(host.port, '/', { headers: { cookie: 'loupe_token=wrong' } })).status).toBe(401);
    expect((await rawHttp(host.port, '/', { headers: { cookie: `other=${TOKEN}` } })).status).toBe(401);
    // A wrong token in the URL is refused even next to a good cookie.
    expect((await rawHttp(host.port, '/?token=wrong', { headers: { cookie } })).status).toBe(401);
  });

  it('turns a correct query token into an HttpOnly cookie and redirects to a clean URL', async () => {
    const result = await rawHttp(host.port, `/?token=${TOKEN}`);
    expect(result.status).toBe(303);
    expect(result.headers.location).toBe('/');
    expect(result.headers['set-cookie']).toEqual([`loupe_token=${TOKEN}; HttpOnly; SameSite=Strict; Path=/`]);

    const withOtherParams = await rawHttp(host.port, `/index.html?debug=1&token=${TOKEN}`);
    expect(withOtherParams.status).toBe(303);
    expect(withOtherParams.headers.location).toBe('/index.html?debug=1');
  });

  it('serves the page with the cookie, with CSP and no-store', async () => {
    const result = await rawHttp(host.port, '/', { headers: { cookie: `theme=dark; ${cookie}` } });
    expect(result.status).toBe(200);
    expect(result.body).toBe(INDEX_HTML);
    expect(result.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(result.headers['cache-control']).toBe('no-store');
    expect(result.headers['x-content-type-options']).toBe('nosniff');
    expect(result.headers['referrer-policy']).toBe('no-referrer');
    expect(result.headers['content-security-policy']).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; " +
        "media-src 'self' data: blob:; object-src 'none'; base-uri 'none'; frame-src 'none'; form-action 'none'; " +
        `connect-src 'self' ws://127.0.0.1:${host.port}; frame-ancestors 'none'`,
    );
  });

  it('serves assets with the cookie or a query token, with their content types', async () => {
    const script = await rawHttp(host.port, '/assets/app.js', { headers: { cookie } });
    expect(script.status).toBe(200);
    expect(script.body).toBe('console.log("app");');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['x-content-type-options']).toBe('nosniff');

    const style = await rawHttp(host.port, `/assets/app.css?token=${TOKEN}`);
    expect(style.status).toBe(200);
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');

    const head = await rawHttp(host.port, '/assets/app.js', { method: 'HEAD', headers: { cookie } });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');

    expect((await rawHttp(host.port, '/assets/missing.js', { headers: { cookie } })).status).toBe(404);
    expect((await rawHttp(host.port, '/assets', { headers: { cookie } })).status).toBe(404);
  });

  it('never serves a file outside the renderer directory', async () => {
    const attempts = [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/%2fetc%2fpasswd',
      '/assets/link.txt',
      '/index.html%00.js',
      '/%E0%A4%A',
    ];
    for (const attempt of attempts) {
      const result = await rawHttp(host.port, attempt, { headers: { cookie } });
      expect([403, 404], attempt).toContain(result.status);
      expect(result.body, attempt).not.toContain(SECRET);
      expect(result.body, attempt).not.toContain('root:');
    }
  });

  it('refuses a foreign or missing Host header (DNS rebinding)', async () => {
    for (const hostHeader of ['evil.example:' + host.port, `127.0.0.1:${host.port + 1}`, '127.0.0.1', 'attacker.test']) {
      const result = await rawHttp(host.port, '/', { headers: { host: hostHeader, cookie } });
      expect(result.status, hostHeader).toBe(421);
    }
    // Node itself answers 400 to an HTTP/1.1 request without Host; either way it is refused.
    expect([400, 421]).toContain((await rawHttp(host.port, '/', { headers: { host: null, cookie } })).status);
    expect((await rawHttp(host.port, '/', { headers: { host: `localhost:${host.port}`, cookie } })).status).toBe(200);
  });

  it('refuses a request whose Origin is not the host itself', async () => {
    for (const origin of ['http://evil.example', `http://127.0.0.1:${host.port + 1}`, `https://127.0.0.1:${host.port}`, 'null']) {
      const result = await rawHttp(host.port, '/assets/app.js', { headers: { origin, cookie } });
      expect(result.status, origin).toBe(403);
    }
    const own = await rawHttp(host.port, '/assets/app.js', { headers: { origin: `http://127.0.0.1:${host.port}`, cookie } });
    expect(own.status).toBe(200);
  });

  it('only answers GET and HEAD', async () => {
    const result = await rawHttp(host.port, '/', { method: 'POST', headers: { cookie } });
    expect(result.status).toBe(405);
    expect(result.headers.allow).toBe('GET, HEAD');
    expect((await rawHttp(host.port, '/', { method: 'POST' })).status).toBe(401);
  });
});
