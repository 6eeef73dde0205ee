/** Browser mode's MCP App listener (main/host/app-frame-host.ts) over real HTTP on loopback. */
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startAppFrameHost, type AppFrameHost } from '../../main/host/app-frame-host.js';
import { appOrigin } from '../../shared/apps.js';

const APP_ID = '0123456789abcdef01234567';

function send(port: number, host: string, path: string, options: { method?: string; headers?: OutgoingHttpHeaders; body?: string } = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: { host, ...options.headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

describe('the app frame listener', () => {
  let frames: AppFrameHost;
  let appHost: string;
  const report = vi.fn(async () => {});

  beforeAll(async () => {
    frames = await startAppFrameHost();
    appHost = new URL(appOrigin(frames.originTemplate, APP_ID)).host;
  });

  afterAll(async () => {
    await frames?.close();
  });

  test('answers 503 until the core is there', async () => {
    expect((await send(frames.port, appHost, '/', { headers: { 'sec-fetch-dest': 'iframe' } })).status).toBe(503);
    frames.serve({
      'apps.document': async ({ appId }) => (appId === APP_ID ? { html: '<p>app</p>', policy: "default-src 'none'" } : null),
      'apps.report': report,
    });
  });

  test('serves an app to its frame on its own host name, with its policy and no cookie', async () => {
    expect(appHost).toBe(`a${APP_ID}.localhost:${frames.port}`);
    expect(frames.frameSource).toBe(`http://*.localhost:${frames.port}`);
    const response = await send(frames.port, appHost, '/', { headers: { 'sec-fetch-dest': 'iframe' } });
    expect(response.status).toBe(200);
    expect(response.body).toBe('<p>app</p>');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'");
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('refuses other Host names (DNS rebinding), requests that are not frames, and unknown apps', async () => {
    expect((await send(frames.port, `evil.example:${frames.port}`, '/', { headers: { 'sec-fetch-dest': 'iframe' } })).status).toBe(421);
    expect((await send(frames.port, `a${APP_ID}.localhost:1`, '/', { headers: { 'sec-fetch-dest': 'iframe' } })).status).toBe(421);
    expect((await send(frames.port, appHost, '/')).status).toBe(403);
    expect((await send(frames.port, `a${'e'.repeat(24)}.localhost:${frames.port}`, '/', { headers: { 'sec-fetch-dest': 'iframe' } })).status).toBe(404);
  });

  test('hands violation reports to the core, and refuses an oversized one', async () => {
    const body = JSON.stringify({ 'csp-report': { 'blocked-uri': 'https://evil.example' } });
    const response = await send(frames.port, appHost, '/.loupe/csp-report', { method: 'POST', body, headers: { 'content-type': 'application/csp-report' } });
    expect(response.status).toBe(204);
    expect(report).toHaveBeenCalledExactlyOnceWith({ appId: APP_ID, report: JSON.parse(body) });
    const huge = await send(frames.port, appHost, '/.loupe/csp-report', { method: 'POST', body: 'x'.repeat(100 * 1024) }).catch(() => ({ status: 0 }));
    expect([0, 500]).toContain(huge.status);
    expect(report).toHaveBeenCalledTimes(1);
  });
});
