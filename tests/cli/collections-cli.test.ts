import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseJunit, type TestSuites } from 'junit2json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapabilitySnapshot, RunReport } from '../../shared/collections.js';
import { EVERYTHING_ENTRY, FIXTURE_SERVER, startEverythingHttp } from '../core/helpers.js';
import { CLI, loupe as runLoupe } from './run-loupe.js';
// @ts-expect-error a plain .mjs fixture without types
import { MACHINE_CLIENT, startOAuthFixture } from '../fixtures/oauth-server.mjs';

const MODERN_SERVER = fileURLToPath(new URL('../fixtures/modern-server.mjs', import.meta.url));
/** The CLI with its secrets in a file (no keychain prompt). */
const loupe = (args: string[], env: NodeJS.ProcessEnv = {}) => runLoupe(args, { LOUPE_SECRET_STORAGE: 'file', ...env });

const temp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

function write(dir: string, file: string, text: string): void {
  mkdirSync(join(dir, file, '..'), { recursive: true });
  writeFileSync(join(dir, file), text);
}

/** The fixture in two versions (--env v1 / v2), with checks that v2 breaks. */
function fixtureCollection(): string {
  const dir = join(temp('loupe-cli-collection-'), '.loupe');
  write(
    dir,
    'collection.yaml',
    `loupe: 1\nname: Fixture\nservers:\n  fixture:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(FIXTURE_SERVER)}, --surface, "{{surface}}"]\nenvironments:\n  v1: { surface: v1 }\n  v2: { surface: v2 }\n`,
  );
  write(
    dir,
    'weather/paris.yaml',
    [
      'name: Weather in Paris',
      'tool: weather',
      'arguments: { city: Paris, units: c }',
      'checks:',
      '  - outcome: success',
      '  - path: /structuredContent/temperature',
      '    equals: 21',
      '  - path: $.structuredContent.humidity',
      '    exists: true',
      '  - snapshot:',
      '      ignore: [/structuredContent/observedAt]',
      '',
    ].join('\n'),
  );
  write(dir, 'add.yaml', 'tool: add\narguments: { a: 2, b: 3 }\nchecks:\n  - path: /content/0/text\n    equals: "5"\n');
  write(dir, 'legacy.yaml', 'tool: legacy-report\nchecks:\n  - outcome: success\n');
  return dir;
}

interface Case {
  suite: string;
  classname: string;
  name: string;
  failure?: string;
  error?: string;
}

/** The JUnit file as a JUnit parser reads it: every test case with its suite and failure. */
async function readJunit(file: string): Promise<{ root: TestSuites; cases: Case[] }> {
  const root = (await parseJunit(readFileSync(file, 'utf8'))) as TestSuites;
  const cases = (root.testsuite ?? []).flatMap((suite) =>
    (suite.testcase ?? []).map((testcase) => ({
      suite: suite.name ?? '',
      classname: testcase.classname ?? '',
      name: testcase.name ?? '',
      ...(testcase.failure?.[0] ? { failure: testcase.failure[0].message ?? '' } : {}),
      ...(testcase.error?.[0] ? { error: testcase.error[0].message ?? '' } : {}),
    })),
  );
  return { root, cases };
}

describe('loupe test (built CLI, against the fixture in two versions)', () => {
  const dataDir = temp('loupe-cli-data-');
  let dir: string;

  beforeAll(() => {
    dir = fixtureCollection();
  });

  it('--update-snapshots writes the baselines; then v1 passes, and v2 fails with the right checks named in JUnit', async () => {
    const update = await loupe(['test', dir, '--env', 'v1', '--update-snapshots', '--data-dir', dataDir]);
    expect(update.stderr).not.toMatch(/error/i);
    expect(update.code).toBe(0);
    expect(update.stdout).toContain('3 requests, 3 passed, 0 failed, 0 errors');
    const baseline = JSON.parse(readFileSync(join(dir, 'snapshots/weather/paris.json'), 'utf8')) as { structuredContent: { temperature: number } };
    expect(baseline.structuredContent.temperature).toBe(21);

    const v1 = await loupe(['test', dir, '--env', 'v1', '--reporter', 'junit', '--out', join(dir, '..', 'v1.xml'), '--data-dir', dataDir]);
    expect(v1.code).toBe(0);
    const passed = await readJunit(join(dir, '..', 'v1.xml'));
    expect(passed.root).toMatchObject({ tests: 6, failures: 0, errors: 0 });
    expect(passed.cases.filter((testcase) => testcase.failure || testcase.error)).toEqual([]);

    const junit = join(dir, '..', 'v2.xml');
    const v2 = await loupe(['test', dir, '--env', 'v2', '--reporter', 'junit', '--out', junit, '--data-dir', dataDir]);
    expect(v2.code).toBe(1);
    expect(v2.stdout).toContain('FAIL  weather/paris.yaml  Weather in Paris');
    const failed = await readJunit(junit);
    expect(failed.root).toMatchObject({ name: 'Loupe: Fixture', tests: 6, failures: 4, errors: 0 });
    expect(failed.cases.filter((testcase) => testcase.failure).map(({ suite, classname, name, failure }) => ({ suite, classname, name, failure }))).toEqual([
      { suite: 'weather/paris.yaml', classname: 'weather.paris', name: '/structuredContent/temperature equals 21', failure: '/structuredContent/temperature is 19, not 21.' },
      { suite: 'weather/paris.yaml', classname: 'weather.paris', name: '$.structuredContent.humidity exists', failure: 'Nothing is at $.structuredContent.humidity.' },
      { suite: 'weather/paris.yaml', classname: 'weather.paris', name: 'result matches its snapshot', failure: 'The result differs from its snapshot: 3 changed, 1 removed, first at /content/0/text.' },
      { suite: 'legacy.yaml', classname: 'legacy', name: 'outcome is success', failure: 'The server answered with JSON-RPC error -32602: Unknown tool: legacy-report (the check expects success).' },
    ]);
  }, 60_000);

  it('writes TAP and JSON reports', async () => {
    const tap = await loupe(['test', dir, '--env', 'v2', '--reporter', 'tap', '--data-dir', dataDir]);
    expect(tap.code).toBe(1);
    expect(tap.stdout.split('\n').slice(0, 2)).toEqual(['TAP version 13', '1..6']);
    expect(tap.stdout).toContain('not ok 2 - weather/paris.yaml: /structuredContent/temperature equals 21\n  ---\n  message: "/structuredContent/temperature is 19, not 21."\n  ...');
    const json = await loupe(['test', dir, '--env', 'v1', '--reporter', 'json', '--data-dir', dataDir]);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as RunReport;
    expect(report.totals).toEqual({ requests: 3, passed: 3, failed: 0, errors: 0, checks: 6, checksFailed: 0 });
    expect(report.requests.every((request) => request.trafficSeqs.length === 2)).toBe(true);
  }, 60_000);

  it('a server that dies mid-run fails the rest with its reason, and the report is still written', async () => {
    write(dir, 'dies/1-crash.yaml', 'tool: crash\n');
    write(dir, 'dies/2-echo.yaml', 'tool: echo\narguments: { message: hi }\n');
    const junit = join(dir, '..', 'dies.xml');
    const run = await loupe(['test', dir, '--env', 'v1', '--only', 'dies', '--reporter', 'junit', '--out', junit, '--data-dir', dataDir]);
    expect(run.code).toBe(1);
    const { cases } = await readJunit(junit);
    expect(cases.find((testcase) => testcase.suite === 'dies/2-echo.yaml')).toMatchObject({ name: 'request', error: expect.stringContaining('exited with code 3') });
  }, 60_000);

  it('usage errors exit 2 with a sentence; an unreachable server exits 3', async () => {
    const noDir = await loupe(['test']);
    expect(noDir.code).toBe(2);
    expect(noDir.stderr).toContain('Name the collection folder');
    const badEnv = await loupe(['test', dir, '--env', 'prod', '--data-dir', dataDir]);
    expect(badEnv.code).toBe(2);
    expect(badEnv.stderr).toContain('The collection has no environment "prod" (it has v1, v2).');
    const badReporter = await loupe(['test', dir, '--reporter', 'xml']);
    expect(badReporter.code).toBe(2);
    const broken = temp('loupe-cli-broken-');
    write(broken, 'collection.yaml', 'loupe: 1\nname: Broken\nservers:\n  a:\n    command: 7\n');
    const brokenRun = await loupe(['test', broken, '--data-dir', dataDir]);
    expect(brokenRun.code).toBe(2);
    expect(brokenRun.stderr).toContain('collection.yaml, line 5: "servers.a.command" must be text.');
    const unreachable = await loupe(['test', dir, '--env', 'v1', '--data-dir', dataDir, '--', 'loupe-no-such-command-here']);
    expect(unreachable.code).toBe(3);
  }, 60_000);
});

describe('loupe test --out when the run cannot start', () => {
  /** A collection whose one server's command does not exist. */
  function missingCommand(): string {
    const dir = temp('loupe-cli-missing-');
    write(dir, 'collection.yaml', 'loupe: 1\nname: Missing\nservers:\n  gone:\n    command: loupe-no-such-command-here\n');
    write(dir, 'echo.yaml', 'tool: echo\narguments: { message: hi }\n');
    return dir;
  }

  it('writes a JUnit report with one error test case naming why the server did not start (exit 3)', async () => {
    const dir = missingCommand();
    const junit = join(dir, 'report.xml');
    const run = await loupe(['test', dir, '--reporter', 'junit', '--out', junit, '--data-dir', temp('loupe-cli-data-')]);
    expect(run.code).toBe(3);
    expect(existsSync(junit)).toBe(true);
    const { root, cases } = await readJunit(junit);
    expect(root).toMatchObject({ name: 'Loupe: Missing', tests: 1, failures: 0, errors: 1 });
    expect(cases).toEqual([{ suite: 'collection.yaml', classname: 'collection', name: 'request', error: expect.stringContaining('loupe-no-such-command-here') }]);
  }, 60_000);

  it('writes the same error as TAP, JSON and text', async () => {
    const dir = missingCommand();
    const data = temp('loupe-cli-data-');
    const out = (reporter: string) => join(dir, `report.${reporter}`);
    for (const reporter of ['tap', 'json', 'text']) {
      const run = await loupe(['test', dir, '--reporter', reporter, '--out', out(reporter), '--data-dir', data]);
      expect(run.code).toBe(3);
    }
    const tap = readFileSync(out('tap'), 'utf8');
    expect(tap.split('\n').slice(0, 3)).toEqual(['TAP version 13', '1..1', 'not ok 1 - collection.yaml: request']);
    expect(tap).toContain('loupe-no-such-command-here');
    const report = JSON.parse(readFileSync(out('json'), 'utf8')) as RunReport;
    expect(report).toMatchObject({ collection: 'Missing', totals: { requests: 1, errors: 1 } });
    expect(report.requests[0]).toMatchObject({ path: 'collection.yaml', status: 'error', error: expect.stringContaining('loupe-no-such-command-here') });
    const text = readFileSync(out('text'), 'utf8');
    expect(text).toContain('Missing: 1 request, 0 passed, 0 failed, 1 error');
    expect(text).toMatch(/ERROR collection\.yaml .*\n\s+.*loupe-no-such-command-here/);
  }, 60_000);

  it('writes the report when the collection cannot run (a broken collection.yaml, exit 2)', async () => {
    const dir = temp('loupe-cli-broken-out-');
    write(dir, 'collection.yaml', 'loupe: 1\nname: Broken\nservers:\n  a:\n    command: 7\n');
    const junit = join(dir, 'report.xml');
    const run = await loupe(['test', dir, '--reporter', 'junit', '--out', junit, '--data-dir', temp('loupe-cli-data-')]);
    expect(run.code).toBe(2);
    const { cases } = await readJunit(junit);
    expect(cases).toEqual([expect.objectContaining({ name: 'request', error: expect.stringContaining('"servers.a.command" must be text.') })]);
  }, 60_000);
});

describe('loupe test on both protocol eras, over stdio and HTTP', () => {
  let http: Awaited<ReturnType<typeof startEverythingHttp>>;
  beforeAll(async () => {
    http = await startEverythingHttp('streamableHttp');
  }, 30_000);
  afterAll(() => http?.stop());

  it('runs a prompt and a resource read on the two-era server as 2026-07-28 and as 2025', async () => {
    const dir = temp('loupe-cli-modern-');
    write(dir, 'collection.yaml', `loupe: 1\nname: Modern\nservers:\n  modern:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(MODERN_SERVER)}]\n`);
    write(dir, 'greet.yaml', 'prompt: greet\narguments: { name: Ada }\nchecks:\n  - path: $.messages[0].content.text\n    contains: Ada\n');
    write(dir, 'counter.yaml', 'resource: fixture://counter\nchecks:\n  - path: /contents/0/uri\n    equals: fixture://counter\n');
    for (const era of ['modern', 'legacy']) {
      const record = join(dir, `${era}.jsonl`);
      const run = await loupe(['test', dir, '--era', era, '--record', record, '--data-dir', temp('loupe-cli-data-')]);
      expect(run.stdout).toContain('2 requests, 2 passed');
      expect(run.code).toBe(0);
      const methods = readFileSync(record, 'utf8').split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { method?: string }).method);
      expect(methods).toContain(era === 'modern' ? 'server/discover' : 'initialize');
    }
  }, 60_000);

  it('runs on an HTTP server given with --url, and on server-everything over stdio', async () => {
    const dir = temp('loupe-cli-everything-');
    write(dir, 'collection.yaml', `loupe: 1\nname: Everything\nservers:\n  everything:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(EVERYTHING_ENTRY)}, stdio]\n`);
    write(dir, 'echo.yaml', 'tool: echo\narguments: { message: hi }\nchecks:\n  - path: /content/0/text\n    equals: "Echo: hi"\n');
    const stdio = await loupe(['test', dir, '--data-dir', temp('loupe-cli-data-')]);
    expect(stdio.code).toBe(0);
    const overHttp = await loupe(['test', dir, '--url', `http://127.0.0.1:${http.port}/mcp`, '--data-dir', temp('loupe-cli-data-')]);
    expect(overHttp.stdout).toContain('1 request, 1 passed');
    expect(overHttp.code).toBe(0);
  }, 60_000);
});

describe('loupe test with OAuth (the fixture authorization server)', () => {
  let fixture: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    fixture = (await startOAuthFixture()) as typeof fixture;
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('signs in with client credentials from --sign-in and runs the collection', async () => {
    const dir = temp('loupe-cli-oauth-');
    write(dir, 'collection.yaml', 'loupe: 1\nname: Protected\nservers:\n  api:\n    url: "{{env:LOUPE_TEST_URL}}"\n');
    write(dir, 'whoami.yaml', `tool: whoami\nchecks:\n  - path: /content/0/text\n    contains: ${MACHINE_CLIENT.id}\n`);
    const env = { LOUPE_TEST_URL: fixture.url, LOUPE_TEST_SECRET: MACHINE_CLIENT.secret };
    // The URL comes from the environment: the command line must allow reading it.
    const notAllowed = await loupe(['test', dir, '--data-dir', temp('loupe-cli-data-')], env);
    expect(notAllowed.code).toBe(2);
    expect(notAllowed.stderr).toContain('"Protected" reads $LOUPE_TEST_URL (to api ({{env:LOUPE_TEST_URL}})), which the command line does not allow: add --allow-env LOUPE_TEST_URL (or --trust)');
    const refused = await loupe(['test', dir, '--allow-env', 'LOUPE_TEST_URL', '--data-dir', temp('loupe-cli-data-')], env);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('run again with --sign-in');
    const signIn = ['--allow-env', 'LOUPE_TEST_URL', '--sign-in', '--grant', 'client_credentials', '--client-id', MACHINE_CLIENT.id, '--client-secret-env', 'LOUPE_TEST_SECRET'];
    const run = await loupe(['test', dir, ...signIn, '--data-dir', temp('loupe-cli-data-')], env);
    expect(run.stdout).toContain('1 request, 1 passed');
    expect(run.code).toBe(0);
  }, 60_000);
});

describe('loupe test and what a collection may read', () => {
  /** A collection whose request sends a secret (from LOUPE_SECRET_TOK in CI) and an environment variable. */
  function reading(): string {
    const dir = temp('loupe-cli-consent-');
    write(dir, 'collection.yaml', `loupe: 1\nname: Reads\nservers:\n  fixture:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(FIXTURE_SERVER)}]\n`);
    write(dir, 'echo.yaml', 'tool: echo\narguments:\n  message: "{{secret:tok}} {{env:LOUPE_CLI_WORD}}"\nchecks:\n  - path: /content/0/text\n    contains: "s3cr3t-value word"\n');
    return dir;
  }
  const env = { LOUPE_SECRET_TOK: 's3cr3t-value', LOUPE_CLI_WORD: 'word' };

  it('stops before starting anything unless each variable and secret is allowed, or --trust is given', async () => {
    const dir = reading();
    const refused = await loupe(['test', dir, '--allow-env', 'LOUPE_CLI_WORD', '--data-dir', temp('loupe-cli-data-')], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('"Reads" reads the secret "tok" (to fixture (');
    expect(refused.stderr).toContain('which the command line does not allow: add --allow-secret tok (or --trust) if that is where they should go.');
    expect(refused.stdout).not.toContain('request');

    const allowed = await loupe(['test', dir, '--allow-env', 'LOUPE_CLI_WORD', '--allow-secret', 'tok', '--data-dir', temp('loupe-cli-data-')], env);
    expect(allowed.stdout).toContain('1 request, 1 passed');
    expect(allowed.code).toBe(0);
    const trusted = await loupe(['test', dir, '--trust', '--data-dir', temp('loupe-cli-data-')], env);
    expect(trusted.code).toBe(0);
  }, 60_000);

  it('with --record, the record holds no value the collection filled in', async () => {
    const dir = reading();
    const record = join(temp('loupe-cli-record-'), 'run.jsonl');
    const run = await loupe(['test', dir, '--trust', '--record', record, '--data-dir', temp('loupe-cli-data-')], env);
    expect(run.code).toBe(0);
    const text = readFileSync(record, 'utf8');
    expect(text).toContain('tools/call');
    expect(text).not.toContain('s3cr3t-value');
  }, 60_000);
});

describe('loupe snapshot and loupe diff', () => {
  const work = temp('loupe-cli-surfaces-');
  const v1File = join(work, 'v1.json');
  const fixture = (version: string) => ['--', process.execPath, FIXTURE_SERVER, '--surface', version];

  it('loupe snapshot writes the surface with sorted keys', async () => {
    const run = await loupe(['snapshot', '--out', v1File, '--data-dir', temp('loupe-cli-data-'), ...fixture('v1')]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^loupe-fixture-server 1\.0\.0: \d+ tools, 2 resources, 0 templates, 1 prompt; written to /);
    const snapshot = JSON.parse(readFileSync(v1File, 'utf8')) as CapabilitySnapshot;
    expect(snapshot.tools.map((tool) => tool.name)).toContain('legacy-report');
    expect(Object.keys(snapshot)).toEqual([...Object.keys(snapshot)].sort());
  }, 30_000);

  it('exits by --fail-on: breaking, additive and any, against a file and a live server', async () => {
    const breaking = await loupe(['diff', v1File, '--json', '--data-dir', temp('loupe-cli-data-'), ...fixture('v2')]);
    expect(breaking.code).toBe(1);
    const result = JSON.parse(breaking.stdout) as { counts: Record<string, number>; changes: Array<{ class: string; message: string }>; failOn: string };
    expect(result.failOn).toBe('breaking');
    expect(result.changes).toContainEqual({ class: 'breaking', subject: 'tool legacy-report', path: '', message: 'The tool "legacy-report" was removed: clients that use it will fail.' });

    // A copy of v1 with one tool more (additive) and one description changed (cosmetic).
    const v1 = JSON.parse(readFileSync(v1File, 'utf8')) as CapabilitySnapshot;
    const added = { ...v1, tools: [...v1.tools, { name: 'brand-new', inputSchema: { type: 'object' } }] };
    const cosmetic = { ...v1, tools: v1.tools.map((tool) => (tool.name === 'add' ? { ...tool, description: 'Sums two numbers.' } : tool)) };
    write(work, 'added.json', JSON.stringify(added));
    write(work, 'cosmetic.json', JSON.stringify(cosmetic));
    const codes = async (after: string) =>
      Promise.all(['breaking', 'additive', 'any'].map(async (level) => (await loupe(['diff', v1File, join(work, after), '--fail-on', level])).code));
    expect(await codes('added.json')).toEqual([0, 1, 1]);
    expect(await codes('cosmetic.json')).toEqual([0, 0, 1]);
    expect(await codes('v1.json')).toEqual([0, 0, 0]);

    const text = await loupe(['diff', v1File, join(work, 'cosmetic.json')]);
    expect(text.stdout).toBe('0 breaking, 0 additive, 1 cosmetic\nCOSMETIC  The description of the tool "add" changed.\n');
    const notSnapshot = await loupe(['diff', v1File, CLI]);
    expect(notSnapshot.code).toBe(2);
    const oneSide = await loupe(['diff', v1File]);
    expect(oneSide.code).toBe(2);
    expect(oneSide.stderr).toContain('Give two sides to compare');
  }, 60_000);

  it('diffs two live servers, one over HTTP', async () => {
    const http = await startEverythingHttp('streamableHttp');
    try {
      const same = await loupe(['diff', '--url', `http://127.0.0.1:${http.port}/mcp`, '--fail-on', 'breaking', '--json', '--data-dir', temp('loupe-cli-data-'), '--', process.execPath, EVERYTHING_ENTRY, 'stdio']);
      expect(same.code).toBe(0);
      expect(JSON.parse(same.stdout)).toMatchObject({ before: `--url http://127.0.0.1:${http.port}/mcp`, counts: { breaking: 0 } });
      const other = await loupe(['diff', '--url', `http://127.0.0.1:${http.port}/mcp`, '--json', '--data-dir', temp('loupe-cli-data-'), ...fixture('v1')]);
      expect(other.code).toBe(1);
      expect(existsSync(CLI)).toBe(true);
    } finally {
      http.stop();
    }
  }, 60_000);
});
