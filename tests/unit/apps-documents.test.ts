import { describe, expect, test } from 'vitest';
import { AppDocuments } from '../../main/core/apps/app-documents.js';
import { TrafficLog } from '../../main/core/traffic/traffic-log.js';
import type { RpcOutcome } from '../../shared/mcp.js';
import type { TrafficEntry } from '../../shared/traffic.js';

const URI = 'ui://demo/app.html';

function readOf(contents: unknown[]): RpcOutcome {
  return { result: { contents }, violations: [], durationMs: 1, responseSize: 1 };
}

function setUp(template: string | undefined = 'http://{app}.localhost:7000') {
  const traffic = new TrafficLog(() => {});
  const documents = new AppDocuments(traffic, template);
  const entries = () => traffic.list().entries as TrafficEntry[];
  return { traffic, documents, entries };
}

describe('AppDocuments: app documents held for their frames', () => {
  test('opens a document on an origin of its own, with its policy and declared metadata', () => {
    const { documents } = setUp();
    const opening = documents.open('s1', 'c1', URI, readOf([{ uri: URI, mimeType: 'text/html;profile=mcp-app', text: '<p>app</p>', _meta: { ui: { prefersBorder: true } } }]));
    expect(opening.origin).toMatch(/^http:\/\/a[0-9a-f]{24}\.localhost:7000$/);
    expect(opening.url).toBe(`${opening.origin}/`);
    expect(opening.meta.prefersBorder).toBe(true);
    expect(opening.problems).toEqual([]);
    expect(documents.document(opening.appId)).toEqual({ html: '<p>app</p>', policy: opening.policy });
    const other = documents.open('s1', 'c1', URI, readOf([{ uri: URI, mimeType: 'text/html;profile=mcp-app', text: 'x' }]));
    expect(other.origin).not.toBe(opening.origin);
    documents.close(opening.appId);
    expect(documents.document(opening.appId)).toBeNull();
  });

  test('reads a base64 blob, and names a wrong MIME type', () => {
    const { documents } = setUp();
    const opening = documents.open('s1', 'c1', URI, readOf([{ uri: URI, mimeType: 'text/html', blob: Buffer.from('<b>hi</b>').toString('base64') }]));
    expect(documents.document(opening.appId)?.html).toBe('<b>hi</b>');
    expect(opening.problems).toEqual([expect.stringContaining('text/html;profile=mcp-app')]);
  });

  test('a failed read, empty contents, or a shell without an app origin: one clear sentence', () => {
    expect(() => setUp().documents.open('s1', 'c1', URI, { failure: { kind: 'rpc', message: 'nope' } as never, violations: [], durationMs: 1, responseSize: 0 })).toThrow(/did not return the app's resource: nope/);
    expect(() => setUp().documents.open('s1', 'c1', URI, readOf([]))).toThrow(/has no contents/);
    expect(() => new AppDocuments(new TrafficLog(() => {}), undefined).open('s1', 'c1', URI, readOf([{ uri: URI, text: '' }]))).toThrow(/cannot show MCP Apps/);
  });

  test('records the app’s messages in the server’s session, marked as the app’s and paired', () => {
    const { documents, entries } = setUp();
    const { appId } = documents.open('s1', 'c1', URI, readOf([{ uri: URI, mimeType: 'text/html;profile=mcp-app', text: '' }]));
    documents.record(appId, [
      { direction: 'in', message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } } },
      { direction: 'out', message: { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'refused' } } },
      { direction: 'in', text: 'Refused', violation: 'The app called “x”, a tool visible to the model only.' },
      { direction: 'in', message: { hello: 'world' }, violation: 'Not JSON-RPC.' },
    ]);
    const recorded = entries();
    expect(recorded.map((entry) => [entry.kind, entry.direction, entry.connectionId, entry.app?.uri])).toEqual([
      ['request', 'in', 'c1', URI],
      ['error', 'out', 'c1', URI],
      ['note', 'in', 'c1', URI],
      ['malformed', 'in', 'c1', URI],
    ]);
    expect(recorded[1]!.requestSeq).toBe(recorded[0]!.seq);
    expect(recorded[2]!.violation).toMatch(/visible to the model only/);
    expect(recorded[3]!.violation).toBe('Not JSON-RPC.');
  });

  test('a policy report becomes one sentence; past the cap the rest are counted once', () => {
    const { documents, entries } = setUp();
    const { appId } = documents.open('s1', 'c1', URI, readOf([{ uri: URI, mimeType: 'text/html;profile=mcp-app', text: '' }]));
    documents.report(appId, { 'csp-report': { 'blocked-uri': 'https://evil.example/x', 'effective-directive': 'connect-src' } });
    expect(entries()[0]!.violation).toMatch(/^Blocked by the app’s policy: the app tried to reach https:\/\/evil\.example\/x, .*\(connect-src\)/);
    for (let index = 0; index < 150; index++) documents.report(appId, { 'csp-report': { 'blocked-uri': 'eval' } });
    expect(entries()).toHaveLength(101);
    expect(entries()[100]!.text).toMatch(/More than 100 blocked requests/);
  });

  test("a library's empty new Function() probe is noted, not held against the app; real eval is (issue 24: zod's probe read as misbehaviour)", () => {
    const { documents, entries } = setUp();
    const { appId } = documents.open('s1', 'c1', URI, readOf([{ uri: URI, mimeType: 'text/html;profile=mcp-app', text: '' }]));
    // The samples Chromium 156 reports under 'report-sample' for new Function("") and eval("alert(document.cookie)").
    documents.report(appId, { 'csp-report': { 'blocked-uri': 'eval', 'effective-directive': 'script-src', 'script-sample': '(function anonymous(\n) {\n\n})' } });
    documents.report(appId, { 'csp-report': { 'blocked-uri': 'eval', 'effective-directive': 'script-src', 'script-sample': 'alert(document.cookie)' } });
    documents.report(appId, { 'csp-report': { 'blocked-uri': 'eval', 'effective-directive': 'script-src', 'script-sample': '(function anonymous(\n) {\nreturn this\n})' } });
    const [probe, evil, compiled] = entries();
    expect(probe!.violation).toBeUndefined();
    expect(probe!.text).toMatch(/feature probe/);
    expect(evil!.violation).toMatch(/tried to run eval/);
    expect(compiled!.violation).toMatch(/tried to run eval/);
  });

  test('records for an unknown (closed) app are dropped', () => {
    const { documents, entries } = setUp();
    documents.record('f'.repeat(24), [{ direction: 'in', text: 'late', violation: 'late' }]);
    expect(entries()).toEqual([]);
  });
});
