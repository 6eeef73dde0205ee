import { randomBytes } from 'node:crypto';
import { APP_CSP_REPORT_PATH, APP_POLICY_REPORT_PREFIX, APP_DOCUMENT_LIMIT, APP_MIME_TYPE, appOrigin, type AppOpening, type AppWireRecord } from '../../../shared/apps.js';
import type { RpcOutcome } from '../../../shared/mcp.js';
import { LoupeError } from '../../../shared/wire.js';
import type { WireReport, TrafficLog } from '../traffic/traffic-log.js';
import { appContentSecurityPolicy } from './app-policy.js';
import { readAppResourceMeta } from '../../../shared/app-resource-meta.js';
import { isObject } from '../../../shared/is-object.js';
import { jsonByteLength } from '../base/json-size.js';

/** Open apps kept at once; opening another forgets the oldest (its frame then gets a 404 on reload). */
const MAX_OPEN_APPS = 24;
/** Records one `apps.record` call may carry. */
const MAX_RECORDS_PER_CALL = 500;
/** A recorded app message larger than this is kept as the start of its text. */
const MAX_RECORDED_MESSAGE_BYTES = 1024 * 1024;
/** Policy violation reports recorded per app; the rest are counted in one note. */
const MAX_REPORTS_PER_APP = 100;

interface OpenApp {
  opening: AppOpening;
  html: string;
  recorder: WireReport;
  reports: number;
  droppedReports: number;
}

/** The HTML of the content item for `uri` (text, or base64 blob), with what is wrong with it. */
function documentOf(read: RpcOutcome, uri: string, problems: string[]): { html: string; meta: unknown } {
  if (read.failure) throw new LoupeError(`The server did not return the app's resource: ${read.failure.message}`, 'app-unavailable');
  const contents = isObject(read.result) && Array.isArray(read.result.contents) ? read.result.contents.filter(isObject) : [];
  const item = contents.find((content) => content.uri === uri) ?? contents[0];
  if (!item) throw new LoupeError(`The server's answer for ${uri} has no contents.`, 'app-unavailable');
  let html: string;
  if (typeof item.text === 'string') html = item.text;
  else if (typeof item.blob === 'string') html = Buffer.from(item.blob, 'base64').toString('utf8');
  else throw new LoupeError(`The contents of ${uri} have neither text nor blob.`, 'app-unavailable');
  if (Buffer.byteLength(html) > APP_DOCUMENT_LIMIT) {
    throw new LoupeError(`The app's document is larger than ${APP_DOCUMENT_LIMIT / 1024 / 1024} MB, so Loupe does not render it.`, 'app-unavailable');
  }
  const mimeType = typeof item.mimeType === 'string' ? item.mimeType : undefined;
  if (mimeType?.replace(/\s/g, '').toLowerCase() !== APP_MIME_TYPE) {
    problems.push(`The resource's MIME type is ${mimeType === undefined ? 'missing' : `“${mimeType.slice(0, 80)}”`}; MCP Apps asks for ${APP_MIME_TYPE}.`);
  }
  return { html, meta: item._meta };
}

/**
 * The app documents the core holds for their frames, and the recorders that put each app's
 * conversation in the traffic log. `originTemplate` is the shell's frame origin (`{app}` stands
 * for the app's host label); without one, this shell cannot show apps.
 */
/** Why an app's open requests ended without an answer. */
export const APP_CLOSED_REASON = 'The app was closed before it answered.';

export class AppDocuments {
  private readonly apps = new Map<string, OpenApp>();

  constructor(
    private readonly traffic: TrafficLog,
    private readonly originTemplate: string | undefined,
  ) {}

  /** `connectionId` is the server's connection the app lives in: its messages are part of that session's log. */
  open(serverId: string, connectionId: string, uri: string, read: RpcOutcome): AppOpening {
    if (!this.originTemplate) throw new LoupeError('This window cannot show MCP Apps: it has no origin for their frames.', 'apps-unavailable');
    const problems: string[] = [];
    const { html, meta: rawMeta } = documentOf(read, uri, problems);
    const meta = readAppResourceMeta(rawMeta, problems);
    const appId = randomBytes(12).toString('hex');
    const origin = appOrigin(this.originTemplate, appId);
    const policy = appContentSecurityPolicy(meta.csp, `${origin}${APP_CSP_REPORT_PATH}`);
    const opening: AppOpening = { appId, serverId, uri, url: `${origin}/`, origin, meta, policy, problems, read };
    const recorder = this.traffic.recorderFor(serverId, connectionId, { app: { appId, uri } });
    this.apps.set(appId, { opening, html, recorder, reports: 0, droppedReports: 0 });
    while (this.apps.size > MAX_OPEN_APPS) this.close(this.apps.keys().next().value as string);
    return opening;
  }

  document(appId: string): { html: string; policy: string } | null {
    const app = this.apps.get(appId);
    return app ? { html: app.html, policy: app.opening.policy } : null;
  }

  /** The app is gone: what it was asked and never answered ends in the log as it ends on disk (issue 24: a teardown stayed pending). */
  close(appId: string): void {
    this.apps.get(appId)?.recorder.endOpenRequests(APP_CLOSED_REASON);
    this.apps.delete(appId);
  }

  record(appId: string, records: readonly AppWireRecord[]): void {
    const app = this.apps.get(appId);
    if (!app) return; // A closed app's last messages: nothing to attach them to.
    for (const record of records.slice(0, MAX_RECORDS_PER_CALL)) {
      const direction = record.direction === 'out' ? 'out' : 'in';
      const violation = typeof record.violation === 'string' ? record.violation.slice(0, 500) : undefined;
      if (record.message !== undefined) {
        const size = jsonByteLength(record.message);
        if (size > MAX_RECORDED_MESSAGE_BYTES) app.recorder.note(`The app posted a message of ${size} bytes; Loupe keeps messages up to ${MAX_RECORDED_MESSAGE_BYTES}.`, violation ?? 'Message too large.');
        else app.recorder.message(direction, record.message, size, undefined, violation);
      } else if (typeof record.text === 'string' || violation !== undefined) {
        const sentence = violation ?? (record.text ?? '').slice(0, 500);
        app.recorder.note(sentence, sentence);
      }
    }
  }

  /** A Content-Security-Policy report the app's frame sent: one sentence of what was blocked. */
  report(appId: string, report: unknown): void {
    const app = this.apps.get(appId);
    if (!app) return;
    if (app.reports >= MAX_REPORTS_PER_APP) {
      app.droppedReports++;
      if (app.droppedReports === 1) app.recorder.note(`More than ${MAX_REPORTS_PER_APP} blocked requests; Loupe stops recording them for this app.`, 'Flooded policy reports.');
      return;
    }
    app.reports++;
    const body = isObject(report) && isObject(report['csp-report']) ? report['csp-report'] : isObject(report) ? report : {};
    const text = (key: string) => (typeof body[key] === 'string' ? (body[key]).slice(0, 300) : undefined);
    const blocked = text('blocked-uri') ?? text('blockedURL') ?? 'something';
    const directive = text('effective-directive') ?? text('effectiveDirective') ?? text('violated-directive') ?? 'its policy';
    if (blocked === 'eval' && isEmptyFunctionProbe(text('script-sample'))) {
      // Libraries (zod 4 among them) test `new Function("")` inside try/catch to learn whether they
      // may compile code: refused, they take another path. Kept in the log, not held against the app.
      app.recorder.note(`${APP_POLICY_REPORT_PREFIX}the app checked whether it may compile code (an empty new Function(), a library's feature probe); its policy says no, and the app goes on without it.`);
      return;
    }
    const what = blocked === 'eval' ? 'to run eval' : blocked === 'inline' ? 'an inline script or style' : blocked;
    const sentence = `${APP_POLICY_REPORT_PREFIX}the app tried ${blocked === 'eval' || blocked === 'inline' ? '' : 'to reach '}${what}, which its declared domains do not allow (${directive}).`;
    app.recorder.note(sentence, sentence);
  }
}

/** The sample Chromium reports for `new Function("")`: a function that does nothing. */
const EMPTY_FUNCTION_SAMPLE = /^\(function anonymous\(\s*\)\s*\{\s*\}\)$/;

function isEmptyFunctionProbe(sample: string | undefined): boolean {
  return sample !== undefined && EMPTY_FUNCTION_SAMPLE.test(sample);
}
