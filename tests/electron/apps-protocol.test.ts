/** The Electron side of MCP App frames (main/electron/app-protocol.ts), with a stubbed session. */
import { describe, expect, it, vi } from 'vitest';
import type { Session } from 'electron';
import { APP_FRAME_ORIGIN_TEMPLATE, serveAppFrames } from '../../main/electron/app-protocol.js';
import { appOrigin } from '../../shared/apps.js';

const APP_ID = '0123456789abcdef01234567';
type Handler = (request: Request) => Promise<Response>;

function install(document: { html: string; policy: string } | null) {
  const handle = vi.fn();
  const reports: unknown[] = [];
  serveAppFrames({ protocol: { handle } } as unknown as Session, {
    'apps.document': async ({ appId }) => (appId === APP_ID ? document : null),
    'apps.report': async ({ report }) => void reports.push(report),
  });
  expect(handle).toHaveBeenCalledExactlyOnceWith('loupe-app', expect.any(Function));
  return { handler: handle.mock.calls[0]![1] as Handler, reports };
}

describe('loupe-app: frames', () => {
  it('gives every app an origin of its own', () => {
    expect(appOrigin(APP_FRAME_ORIGIN_TEMPLATE, APP_ID)).toBe(`loupe-app://a${APP_ID}`);
  });

  it('serves the app’s document with its own policy', async () => {
    const { handler } = install({ html: '<p>app</p>', policy: "default-src 'none'; connect-src 'none'" });
    const response = await handler(new Request(`loupe-app://a${APP_ID}/`, { headers: { 'sec-fetch-dest': 'iframe' } }));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<p>app</p>');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; connect-src 'none'");
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a page load that is not a frame, another host, another path and a closed app', async () => {
    const { handler } = install({ html: '<p>app</p>', policy: '' });
    expect((await handler(new Request(`loupe-app://a${APP_ID}/`, { headers: { 'sec-fetch-dest': 'document' } }))).status).toBe(403);
    expect((await handler(new Request('loupe-app://index/'))).status).toBe(421);
    expect((await handler(new Request(`loupe-app://a${APP_ID}/renderer/index.html`))).status).toBe(404);
    expect((await handler(new Request(`loupe-app://a${'f'.repeat(24)}/`))).status).toBe(404);
  });

  it('passes a violation report to the core', async () => {
    const { handler, reports } = install(null);
    const report = { 'csp-report': { 'blocked-uri': 'https://evil.example' } };
    const response = await handler(new Request(`loupe-app://a${APP_ID}/.loupe/csp-report`, { method: 'POST', body: JSON.stringify(report) }));
    expect(response.status).toBe(204);
    expect(reports).toEqual([report]);
  });
});
