/**
 * A collection run's report in the formats `loupe test --reporter` writes: text for people, JSON
 * (the RunReport as is), JUnit XML for CI test views (GitHub Actions, GitLab, Jenkins) and TAP.
 * In JUnit and TAP each check is a test case, so a CI view names the check that failed.
 */
import { randomUUID } from 'node:crypto';
import type { CheckResult, RequestRun, RunReport } from '../../shared/collections.js';

export const REPORTERS = ['text', 'json', 'junit', 'tap'] as const;
export type Reporter = (typeof REPORTERS)[number];

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export function textReport(report: RunReport): string {
  const { totals } = report;
  const lines = [
    `${report.collection}${report.environment !== undefined ? ` (environment ${report.environment})` : ''}: ${plural(totals.requests, 'request')}, ${totals.passed} passed, ${totals.failed} failed, ${plural(totals.errors, 'error')}, ${seconds(report.durationMs)} s`,
  ];
  for (const request of report.requests) {
    const mark = request.status === 'passed' ? 'PASS ' : request.status === 'failed' ? 'FAIL ' : 'ERROR';
    const named = request.name !== request.path.replace(/^.*\//, '').replace(/\.ya?ml$/i, '');
    lines.push(`${mark} ${request.path}  ${named ? `${request.name}  ` : ''}(${Math.round(request.durationMs)} ms)`);
    if (request.error) lines.push(`      ${request.error}`);
    for (const check of request.status === 'passed' ? [] : request.checks) {
      lines.push(`      ${check.passed ? 'ok  ' : 'FAIL'} ${check.label}${check.message && !check.passed ? `: ${check.message}` : check.updated ? ` (${check.message ?? 'updated'})` : ''}`);
    }
  }
  return lines.join('\n');
}

/** XML text: the five escapes, and the characters XML 1.0 does not allow at all removed. */
function xml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Jenkins reads `a.b.c` as package `a.b`, class `c`: a request's path without its extension, folders as packages. */
function className(request: RequestRun): string {
  return request.path.replace(/\.ya?ml$/i, '').replace(/[/\\]/g, '.');
}

function checkCase(request: RequestRun, check: CheckResult): string {
  const head = `    <testcase classname="${xml(className(request))}" name="${xml(check.label)}" file="${xml(request.path)}" time="${check.index === 0 ? seconds(request.durationMs) : '0.000'}"`;
  if (check.passed) return `${head}/>`;
  const message = check.message ?? 'The check failed.';
  return `${head}>\n      <failure message="${xml(message)}" type="CheckFailed">${xml(`${check.label}\n${message}`)}</failure>\n    </testcase>`;
}

export function junitReport(report: RunReport): string {
  const suites = report.requests.map((request) => {
    const failures = request.checks.filter((check) => !check.passed).length;
    const errors = request.status === 'error' ? 1 : 0;
    const cases =
      request.status === 'error'
        ? [
            `    <testcase classname="${xml(className(request))}" name="request" file="${xml(request.path)}" time="${seconds(request.durationMs)}">\n      <error message="${xml(request.error ?? 'The request could not run.')}" type="RequestError">${xml(request.error ?? '')}</error>\n    </testcase>`,
          ]
        : request.checks.map((check) => checkCase(request, check));
    const tests = Math.max(cases.length, 1);
    return [
      `  <testsuite name="${xml(request.path)}" tests="${tests}" failures="${failures}" errors="${errors}" skipped="0" time="${seconds(request.durationMs)}" timestamp="${new Date(request.startedAt).toISOString().replace(/\.\d+Z$/, '')}">`,
      ...cases,
      '  </testsuite>',
    ].join('\n');
  });
  const tests = report.requests.reduce((sum, request) => sum + (request.status === 'error' ? 1 : request.checks.length), 0);
  const failures = report.requests.reduce((sum, request) => sum + request.checks.filter((check) => !check.passed).length, 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(`Loupe: ${report.collection}`)}" tests="${tests}" failures="${failures}" errors="${report.totals.errors}" time="${seconds(report.durationMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

/** TAP 13: one test point per check (per request when it could not run), a YAML block with why it failed. */
export function tapReport(report: RunReport): string {
  const points: string[] = [];
  const yamlString = (text: string) => JSON.stringify(text);
  for (const request of report.requests) {
    if (request.status === 'error') {
      points.push(`not ok ${points.length + 1} - ${request.path}: request\n  ---\n  message: ${yamlString(request.error ?? '')}\n  ...`);
      continue;
    }
    for (const check of request.checks) {
      const line = `${check.passed ? 'ok' : 'not ok'} ${points.length + 1} - ${request.path}: ${check.label.replace(/#/g, '\\#')}`;
      points.push(check.passed ? line : `${line}\n  ---\n  message: ${yamlString(check.message ?? '')}\n  ...`);
    }
  }
  return ['TAP version 13', `1..${points.length}`, ...points, ''].join('\n');
}

/**
 * The report of a run that never started (a server that did not connect, a collection that cannot
 * run): one request in error, on collection.yaml, saying why. A CI step that uploads the report
 * finds one, and its test view names the reason.
 */
export function unrunReport(collection: { name: string; dir: string; environment?: string }, reason: string, startedAt: number): RunReport {
  const durationMs = Date.now() - startedAt;
  const request: RequestRun = { path: 'collection.yaml', name: 'collection.yaml', server: '', status: 'error', error: reason, startedAt, durationMs, checks: [], trafficSeqs: [], resultKept: false };
  return {
    runId: randomUUID(),
    collection: collection.name,
    dir: collection.dir,
    ...(collection.environment !== undefined ? { environment: collection.environment } : {}),
    startedAt,
    durationMs,
    requests: [request],
    totals: { requests: 1, passed: 0, failed: 0, errors: 1, checks: 0, checksFailed: 0 },
  };
}

export function formatReport(report: RunReport, reporter: Reporter): string {
  if (reporter === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (reporter === 'junit') return junitReport(report);
  if (reporter === 'tap') return tapReport(report);
  return `${textReport(report)}\n`;
}
