import { describe, expect, test } from 'vitest';
import { appContentSecurityPolicy } from '../../main/core/apps/app-policy.js';
import { readAppResourceMeta } from '../../shared/app-resource-meta.js';
import { answerAppFrame, appIdOfLabel } from '../../main/app-frames/app-frame-response.js';
import { ANY_APP_FRAME_SOURCE, contentSecurityPolicy } from '../../shared/content-security-policy.js';
import { appMayCall, refusalOf } from '../../renderer/src/features/tools/apps/app-tool-rules.js';
import { appBadges, toolAppUri } from '../../renderer/src/features/tools/apps/app-facts.js';

const REPORT = 'http://a1.localhost:1/.loupe/csp-report';

describe('an app’s policy from its declared domains', () => {
  test('nothing declared: no network, no frames, inline code only', () => {
    const problems: string[] = [];
    const policy = appContentSecurityPolicy(readAppResourceMeta(undefined, problems).csp, REPORT);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toContain("frame-src 'none'");
    expect(policy).toContain("script-src 'unsafe-inline' 'report-sample';");
    expect(policy).toContain(`report-uri ${REPORT}`);
    expect(problems).toEqual([]);
  });

  test('declared domains go to their directives', () => {
    const meta = readAppResourceMeta(
      { ui: { csp: { connectDomains: ['https://api.example.com', 'wss://live.example.com'], resourceDomains: ['https://*.cdn.example'], frameDomains: ['https://www.youtube.com'] } } },
      [],
    );
    const policy = appContentSecurityPolicy(meta.csp, REPORT);
    expect(policy).toContain('connect-src https://api.example.com wss://live.example.com');
    expect(policy).toContain("script-src 'unsafe-inline' 'report-sample' https://*.cdn.example");
    expect(policy).toContain("img-src data: blob: https://*.cdn.example");
    expect(policy).toContain('frame-src https://www.youtube.com');
  });

  test('a declared “domain” that would inject a directive is dropped, with a sentence saying so', () => {
    const problems: string[] = [];
    const meta = readAppResourceMeta({ ui: { csp: { connectDomains: ["https://ok.example; script-src *", "'unsafe-eval'", 42, 'https://ok.example'] } } }, problems);
    expect(meta.csp.connectDomains).toEqual(['https://ok.example']);
    expect(problems).toHaveLength(3);
    expect(appContentSecurityPolicy(meta.csp, REPORT)).not.toMatch(/script-src \*|unsafe-eval/);
  });

  test('permissions, prefersBorder and unknown permissions', () => {
    const problems: string[] = [];
    const meta = readAppResourceMeta({ ui: { permissions: { camera: {}, clipboardWrite: {}, teleport: {} }, prefersBorder: false } }, problems);
    expect(meta.permissions).toEqual(['camera', 'clipboardWrite']);
    expect(meta.prefersBorder).toBe(false);
    expect(problems).toEqual([expect.stringContaining('teleport')]);
  });
});

describe('Loupe’s own policy', () => {
  test('frames nothing unless told the app origin, and then only it', () => {
    expect(contentSecurityPolicy()).toContain("frame-src 'none'");
    expect(contentSecurityPolicy({ appFrames: 'http://*.localhost:5001' })).toContain('frame-src http://*.localhost:5001;');
    expect(contentSecurityPolicy({ appFrames: ANY_APP_FRAME_SOURCE })).toContain('frame-src loupe-app: http://*.localhost:*;');
    expect(contentSecurityPolicy({ appFrames: 'x' }).match(/frame-src/g)).toHaveLength(1);
  });
});

describe('answering requests on an app origin', () => {
  const id = '0123456789abcdef01234567';
  const handlers = (document: { html: string; policy: string } | null) => {
    const reports: unknown[] = [];
    return {
      reports,
      handlers: {
        'apps.document': async () => document,
        'apps.report': async ({ report }: { appId: string; report: unknown }) => void reports.push(report),
      },
    };
  };
  const request = (overrides: Partial<Parameters<typeof answerAppFrame>[1]> = {}) => ({
    method: 'GET',
    hostLabel: `a${id}`,
    path: '/',
    fetchDest: 'iframe',
    readBody: async () => '',
    ...overrides,
  });

  test('serves the document with its policy to a frame', async () => {
    const { handlers: h } = handlers({ html: '<p>hi</p>', policy: "default-src 'none'" });
    const answer = await answerAppFrame(h, request());
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('<p>hi</p>');
    expect(answer.headers['Content-Security-Policy']).toBe("default-src 'none'");
    expect(Object.keys(answer.headers).map((name) => name.toLowerCase())).not.toContain('set-cookie');
  });

  test('refuses a document opened as a page, not a frame', async () => {
    const { handlers: h } = handlers({ html: '<p>hi</p>', policy: '' });
    expect((await answerAppFrame(h, request({ fetchDest: 'document' }))).status).toBe(403);
  });

  test('a foreign host label, an unknown path, a closed app', async () => {
    const { handlers: h } = handlers(null);
    expect((await answerAppFrame(h, request({ hostLabel: 'loupe-abc' }))).status).toBe(421);
    expect((await answerAppFrame(h, request({ path: '/index.html' }))).status).toBe(404);
    expect((await answerAppFrame(h, request())).status).toBe(404);
    expect(appIdOfLabel(`A${id.toUpperCase()}`)).toBe(id);
    expect(appIdOfLabel('a123')).toBeNull();
  });

  test('passes a violation report to the core, and refuses one that is not JSON', async () => {
    const { handlers: h, reports } = handlers(null);
    const report = { 'csp-report': { 'blocked-uri': 'https://evil.example' } };
    expect((await answerAppFrame(h, request({ method: 'POST', path: '/.loupe/csp-report', readBody: async () => JSON.stringify(report) }))).status).toBe(204);
    expect(reports).toEqual([report]);
    expect((await answerAppFrame(h, request({ method: 'POST', path: '/.loupe/csp-report', readBody: async () => 'nope' }))).status).toBe(400);
  });
});

describe('tool visibility and detection', () => {
  test('apps may call tools visible to them (the default), never model-only ones or unknown ones', () => {
    expect(appMayCall({})).toBe(true);
    expect(appMayCall({ _meta: { ui: { visibility: ['app'] } } })).toBe(true);
    expect(appMayCall({ _meta: { ui: { visibility: ['model'] } } })).toBe(false);
    expect(appMayCall({ _meta: { ui: { visibility: [] } } })).toBe(false);
    expect(refusalOf('secret', { _meta: { ui: { visibility: ['model'] } } })).toMatch(/visible to the model only/);
    expect(refusalOf('ghost', undefined)).toMatch(/does not list/);
    expect(refusalOf('fine', {})).toBeNull();
  });

  test('the app’s resource is read from _meta.ui.resourceUri or the older flat key, ui:// only', () => {
    expect(toolAppUri({ _meta: { ui: { resourceUri: 'ui://a/b' } } })).toBe('ui://a/b');
    expect(toolAppUri({ _meta: { 'ui/resourceUri': 'ui://flat' } })).toBe('ui://flat');
    expect(toolAppUri({ _meta: { ui: { resourceUri: 'https://evil.example' } } })).toBeUndefined();
    expect(appBadges({ _meta: { ui: { resourceUri: 'ui://a', visibility: ['app'] } } }).map((badge) => badge.id)).toEqual(['app', 'app-only']);
    expect(appBadges({ _meta: { ui: { visibility: ['model'] } } }).map((badge) => badge.id)).toEqual(['model-only']);
  });
});
