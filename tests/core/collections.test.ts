import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_NODE_COMMAND } from '../../shared/server-config.js';
import { DEMO_SERVER_NAME } from '../../main/core/config/default-servers.js';
import type { CollectionView, RequestRun, RunReport } from '../../shared/collections.js';
import { prepareAllowed, runAllowed, EVERYTHING_ENTRY, FIXTURE_SERVER, startCore, startEverythingHttp, waitFor, type TestCore } from './helpers.js';

function write(dir: string, file: string, text: string): void {
  mkdirSync(join(dir, file, '..'), { recursive: true });
  writeFileSync(join(dir, file), text);
}

const COLLECTION = `# The fixture in two versions
loupe: 1
name: Fixture
servers:
  fixture:
    command: ${JSON.stringify(process.execPath)}
    args: [${JSON.stringify(FIXTURE_SERVER)}, --surface, "{{surface}}"]
environments:
  v1:
    surface: v1
  v2:
    surface: v2
`;

const WEATHER = `# Paris, in degrees Celsius
name: Weather in Paris
tool: weather
arguments:
  city: Paris
  units: c
checks:
  - outcome: success
  - path: /structuredContent/temperature
    equals: 21
  - path: $.structuredContent.conditions
    matches: ^SUN
    flags: i
  - path: /structuredContent/humidity
    exists: true
  - schema:
      type: object
      required: [structuredContent]
  - latencyMs: 60000
  - snapshot:
      ignore: [/structuredContent/observedAt]
`;

function byPath(report: RunReport): Map<string, RequestRun> {
  return new Map(report.requests.map((request) => [request.path, request]));
}

function failedLabels(run: RequestRun | undefined): string[] {
  return (run?.checks ?? []).filter((check) => !check.passed).map((check) => check.label);
}

describe('collections in the core, against the fixture (v1 and v2) and server-everything', () => {
  let test: TestCore;
  let dir: string;
  let view: CollectionView;

  beforeAll(async () => {
    test = await startCore({ validationTimeLimitMs: 1_000 });
    dir = mkdtempSync(join(tmpdir(), 'loupe-collection-'));
    write(dir, 'collection.yaml', COLLECTION);
    write(dir, 'weather/paris.yaml', WEATHER);
    write(dir, 'add.yaml', 'tool: add\narguments: { a: 2, b: 3 }\nchecks:\n  - path: $.content[0].text\n    equals: "5"\n');
    write(dir, 'legacy.yaml', 'tool: legacy-report\nchecks:\n  - outcome: success\n');
    write(dir, 'prompt-fails.yaml', 'prompt: anything\nchecks:\n  - outcome: error\n    code: -32602\n');
    write(dir, 'broken.yaml', 'tool: echo\narguments:\n  message: hi\n  message: again\n');
    write(
      dir,
      'regexes.yaml',
      [
        'tool: echo',
        'arguments:',
        `  message: "${'a'.repeat(40)}!"`,
        'checks:',
        '  - path: /content/0/text',
        '    matches: "^Echo: (a+)+$"',
        '  - path: /content/0/text',
        '    matches: "(["',
        '  - path: "$[?"',
        '    exists: true',
        '  - path: /content/0/text',
        '    contains: "aaa!"',
      ].join('\n'),
    );
    view = await test.core.handlers['collections.open']({ dir });
  }, 30_000);

  afterAll(async () => {
    await test?.core.dispose();
  });

  it('lists the requests as a tree, and a broken file as a problem naming the file and the line', () => {
    expect(view.name).toBe('Fixture');
    expect(view.environments).toEqual(['v1', 'v2']);
    const names = view.tree.map((node) => (node.kind === 'folder' ? `${node.name}/` : node.path));
    expect(names).toEqual(['weather/', 'add.yaml', 'broken.yaml', 'legacy.yaml', 'prompt-fails.yaml', 'regexes.yaml']);
    expect(view.problems).toEqual([{ file: 'broken.yaml', line: 4, message: 'broken.yaml, line 4: Map keys must be unique.' }]);
  });

  it('runs on v1: checks pass, a broken file is an error, bad and runaway regexes fail with why', async () => {
    await runAllowed(test.core.handlers, { collectionId: view.id, environment: 'v1', updateSnapshots: true });
    expect(existsSync(join(dir, 'snapshots/weather/paris.json'))).toBe(true);
    const report = await runAllowed(test.core.handlers, { collectionId: view.id, environment: 'v1' });
    const runs = byPath(report);
    expect(runs.get('weather/paris.yaml')).toMatchObject({ status: 'passed', server: 'fixture' });
    expect(runs.get('add.yaml')?.status).toBe('passed');
    expect(runs.get('legacy.yaml')?.status).toBe('passed');
    expect(runs.get('prompt-fails.yaml')?.status).toBe('passed');
    expect(runs.get('broken.yaml')).toMatchObject({ status: 'error', error: 'broken.yaml, line 4: Map keys must be unique.' });
    const regexes = runs.get('regexes.yaml')!;
    expect(regexes.status).toBe('failed');
    expect(regexes.checks.map((check) => [check.passed, check.message ?? ''])).toEqual([
      [false, expect.stringContaining('took longer than 1 s to evaluate')],
      [false, expect.stringContaining('is not a valid regular expression')],
      [false, expect.stringContaining('The JSONPath $[? is not valid')],
      [true, ''],
    ]);
    // Each run links to its request and response in the traffic log.
    const weather = runs.get('weather/paris.yaml')!;
    expect(weather.trafficSeqs).toHaveLength(2);
    const [requestEntry, responseEntry] = await Promise.all(weather.trafficSeqs.map((seq) => test.core.handlers['traffic.get']({ seq })));
    expect(requestEntry?.method).toBe('tools/call');
    expect(responseEntry?.requestSeq).toBe(weather.trafficSeqs[0]);
    expect(report.totals).toMatchObject({ requests: 6, passed: 4, failed: 1, errors: 1 });
  }, 60_000);

  it('runs on v2: the changed checks fail by name, the snapshot fails with a diff by line', async () => {
    const report = await runAllowed(test.core.handlers, { collectionId: view.id, environment: 'v2' });
    const runs = byPath(report);
    expect(failedLabels(runs.get('weather/paris.yaml'))).toEqual([
      '/structuredContent/temperature equals 21',
      '$.structuredContent.conditions matches /^SUN/i',
      '/structuredContent/humidity exists',
      'result matches its snapshot',
    ]);
    expect(failedLabels(runs.get('legacy.yaml'))).toEqual(['outcome is success']);
    expect(runs.get('legacy.yaml')?.checks[0]?.message).toMatch(/^The server answered with JSON-RPC error -32602: .*legacy-report/);
    const snapshot = runs.get('weather/paris.yaml')!.checks.find((check) => check.label === 'result matches its snapshot')!;
    expect(snapshot.message).toMatch(/^The result differs from its snapshot: /);
    const rows = await test.core.handlers['diffs.rows']({ diffId: snapshot.diffId!, start: 0, end: 100 });
    expect(rows).toContainEqual({ kind: 'changed', path: '/structuredContent/temperature', before: '21', after: '19' });
    expect(rows).toContainEqual({ kind: 'removed', path: '/structuredContent/humidity', before: '40' });
    expect(rows).toContainEqual({ kind: 'text', path: '/content/0/text', linesAdded: 2, linesRemoved: 3 });
    expect(rows).toContainEqual({ kind: 'line', path: '/content/0/text', op: '-', text: 'sunny', beforeLine: 3 });
    expect(rows.some((row) => row.path.includes('observedAt'))).toBe(false);

    // The last run and the one before are kept, and diff against each other.
    const kept = await test.core.handlers['collections.runs']({ collectionId: view.id, path: 'weather/paris.yaml' });
    expect(kept.last?.status).toBe('failed');
    expect(kept.previous?.status).toBe('passed');
    const diff = await test.core.handlers['diffs.open']({
      before: { kind: 'run', collectionId: view.id, path: 'weather/paris.yaml', which: 'previous' },
      after: { kind: 'run', collectionId: view.id, path: 'weather/paris.yaml', which: 'last' },
      ignore: ['/structuredContent/observedAt'],
    });
    expect(diff.counts).toEqual({ added: 0, removed: 1, changed: 3 });
    const reports = await test.core.handlers['collections.reports']({ collectionId: view.id });
    expect(reports.last?.runId).toBe(report.runId);
    expect(reports.previous?.totals.failed).toBe(1);
  }, 60_000);

  it('a server that dies mid-run fails the requests after it with the reason', async () => {
    write(dir, 'dies/1-crash.yaml', 'tool: crash\nchecks:\n  - outcome: success\n');
    write(dir, 'dies/2-echo.yaml', 'tool: echo\narguments: { message: hi }\n');
    const report = await runAllowed(test.core.handlers, { collectionId: view.id, environment: 'v1', path: 'dies' });
    expect(report.requests.map((request) => request.path)).toEqual(['dies/1-crash.yaml', 'dies/2-echo.yaml']);
    expect(report.requests[1]).toMatchObject({ status: 'error', error: expect.stringContaining('exited with code 3') });
    expect(report.requests[1]?.error).toContain('about to crash');
  }, 60_000);

  it('an edit on disk shows up as an event; a save keeps the file’s comments; a traffic entry saves as a request', async () => {
    const changedBefore = test.events.filter((event) => event.name === 'collections.changed').length;
    write(dir, 'weather/lyon.yaml', 'tool: weather\narguments: { city: Lyon }\n');
    const changed = await waitFor(() => {
      const views = test.events.filter((event) => event.name === 'collections.changed').slice(changedBefore).map((event) => event.payload as CollectionView);
      return views.find((next) => JSON.stringify(next.tree).includes('weather/lyon.yaml'));
    }, 'the new file in a collections.changed event');
    expect(changed.id).toBe(view.id);

    const opened = await test.core.handlers['collections.readRequest']({ collectionId: view.id, path: 'weather/paris.yaml' });
    const request = { ...opened.request!, arguments: { city: 'Paris', units: 'f' } };
    await test.core.handlers['collections.saveRequest']({ collectionId: view.id, path: 'weather/paris.yaml', request });
    const saved = readFileSync(join(dir, 'weather/paris.yaml'), 'utf8');
    expect(saved).toBe(WEATHER.replace('units: c', 'units: f'));

    const { last } = await test.core.handlers['collections.runs']({ collectionId: view.id, path: 'add.yaml' });
    const fromTraffic = await test.core.handlers['collections.saveFromTraffic']({ collectionId: view.id, path: 'saved/add-again.yaml', seq: last!.trafficSeqs[0]!, name: 'Add again' });
    expect(fromTraffic.text).toBe('# A Loupe request: see docs/collections.md\nname: Add again\ntool: add\narguments:\n  a: 2\n  b: 3\nchecks:\n  - outcome: success\n');
  }, 30_000);

  it('saves a capability snapshot and says what changed since it, classified', async () => {
    const ids = await prepareAllowed(test.core.handlers, { collectionId: view.id, environment: 'v1' });
    await test.core.handlers['connections.connect']({ serverId: ids.fixture! });
    await test.core.handlers['surfaces.save']({ collectionId: view.id, serverId: ids.fixture!, name: 'fixture' });
    const unchanged = await test.core.handlers['surfaces.changedSince']({ collectionId: view.id, serverId: ids.fixture!, name: 'fixture' });
    expect(unchanged.changes).toEqual([]);
    const listed = await test.core.handlers['surfaces.list']({ collectionId: view.id });
    expect(listed).toMatchObject([{ name: 'fixture', server: { name: expect.any(String), era: expect.any(String) }, takenAt: expect.any(String) }]);
    write(dir, 'surfaces/not-one.json', '{"tools": 1}');
    await waitFor(async () => (await test.core.handlers['surfaces.list']({ collectionId: view.id })).length === 2, 'the second snapshot file');
    const withBroken = await test.core.handlers['surfaces.list']({ collectionId: view.id });
    expect(withBroken.find((listing) => listing.name === 'not-one')?.problem).toMatch(/not-one\.json is not a Loupe capability snapshot/);

    const v2 = await prepareAllowed(test.core.handlers, { collectionId: view.id, environment: 'v2' });
    await test.core.handlers['connections.connect']({ serverId: v2.fixture! });
    const changed = await test.core.handlers['surfaces.changedSince']({ collectionId: view.id, serverId: v2.fixture!, name: 'fixture' });
    expect(changed.counts.breaking).toBeGreaterThanOrEqual(5);
    const messages = changed.changes.map((change) => `${change.class}: ${change.message}`);
    expect(messages).toContain('breaking: The tool "legacy-report" was removed: clients that use it will fail.');
    expect(messages).toContain('breaking: The argument "units" of the tool "weather" is now required: calls without it will fail.');
    expect(messages).toContain('breaking: The value "k" was removed from "units" of the tool "weather": calls that pass it will be rejected.');
    expect(messages).toContain('breaking: The property "humidity" was removed from the output schema of the tool "weather": clients that read it will break.');
    expect(messages).toContain('breaking: "a" of the tool "add" was number and is now integer: calls that pass number values will be rejected.');
    expect(messages).toContain('additive: The tool "forecast" is new.');
    expect(messages).toContain('cosmetic: The description of the tool "weather" changed.');
  }, 60_000);

  it('diffs two 5 MB results in the diff thread while the core keeps answering', async () => {
    const server = await test.add('big', { type: 'stdio', command: process.execPath, args: [FIXTURE_SERVER], env: [] });
    await test.core.handlers['connections.connect']({ serverId: server.id });
    const call = (kind: string) => test.core.handlers['tools.call']({ serverId: server.id, name: 'big', arguments: { mb: 5, kind }, callId: kind });
    const first = await call('json');
    const second = await call('broken-json');
    const responseSeq = async (requestSeq: number) => (await test.traffic(server.id)).find((entry) => entry.requestSeq === requestSeq)!.seq;
    const order: string[] = [];
    const diffing = test.core.handlers['diffs.open']({
      before: { kind: 'traffic', seq: await responseSeq(first.requestSeq!) },
      after: { kind: 'traffic', seq: await responseSeq(second.requestSeq!) },
    }).then((summary) => {
      order.push('diff');
      return summary;
    });
    await test.core.handlers['servers.list']().then(() => order.push('servers.list'));
    const summary = await diffing;
    expect(order).toEqual(['servers.list', 'diff']);
    expect(summary.counts.changed).toBe(1);
    const rows = await test.core.handlers['diffs.rows']({ diffId: summary.diffId, start: 0, end: 50 });
    expect(rows[0]?.path).toBe('/content/0/text');
  }, 60_000);

  it('lists the secrets the files name, each with whether it is set, never its value', async () => {
    write(dir, 'secret/uses-token.yaml', 'tool: echo\narguments:\n  message: "{{secret:api-token}} and {{secret:other.key}}"\n');
    await waitFor(async () => (await test.core.handlers['collections.secrets']({ collectionId: view.id })).length === 2, 'the secrets of the new file');
    const before = await test.core.handlers['collections.secrets']({ collectionId: view.id });
    expect(before).toEqual([
      { name: 'api-token', inKeychain: false, environmentVariable: 'LOUPE_SECRET_API_TOKEN', inEnvironment: false, usedIn: ['secret/uses-token.yaml'] },
      { name: 'other.key', inKeychain: false, environmentVariable: 'LOUPE_SECRET_OTHER_KEY', inEnvironment: false, usedIn: ['secret/uses-token.yaml'] },
    ]);
    await test.core.handlers['collections.setSecret']({ collectionId: view.id, name: 'api-token', value: 'hunter2' });
    const after = await test.core.handlers['collections.secrets']({ collectionId: view.id });
    expect(after[0]).toMatchObject({ name: 'api-token', inKeychain: true });
    expect(JSON.stringify(after)).not.toContain('hunter2');
    await test.core.handlers['collections.setSecret']({ collectionId: view.id, name: 'api-token', value: null });
    expect((await test.core.handlers['collections.secrets']({ collectionId: view.id }))[0]?.inKeychain).toBe(false);
  }, 30_000);
});

describe('collections against server-everything, over stdio and Streamable HTTP', () => {
  let test: TestCore;
  let http: Awaited<ReturnType<typeof startEverythingHttp>>;

  beforeAll(async () => {
    test = await startCore();
    http = await startEverythingHttp('streamableHttp');
  }, 30_000);

  afterAll(async () => {
    http?.stop();
    await test?.core.dispose();
  });

  it('runs the same requests on both servers, one connection each', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loupe-collection-'));
    write(
      dir,
      'collection.yaml',
      `loupe: 1\nname: Everything\nservers:\n  stdio:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(EVERYTHING_ENTRY)}, stdio]\n  http:\n    url: "http://127.0.0.1:{{port}}/mcp"\nvariables:\n  port: "${http.port}"\n`,
    );
    for (const server of ['stdio', 'http']) {
      write(dir, `${server}/echo.yaml`, `server: ${server}\ntool: echo\narguments:\n  message: hello {{port}}\nchecks:\n  - path: /content/0/text\n    equals: "Echo: hello ${http.port}"\n`);
      write(dir, `${server}/sum.yaml`, `server: ${server}\ntool: get-sum\narguments: { a: 2, b: 40 }\nchecks:\n  - path: $.content[0].text\n    contains: "42"\n`);
    }
    const view = await test.core.handlers['collections.open']({ dir });
    const report = await runAllowed(test.core.handlers, { collectionId: view.id });
    expect(report.requests.map((request) => [request.path, request.status, request.checks.map((check) => check.message ?? 'ok')])).toEqual([
      ['http/echo.yaml', 'passed', ['ok']],
      ['http/sum.yaml', 'passed', ['ok']],
      ['stdio/echo.yaml', 'passed', ['ok']],
      ['stdio/sum.yaml', 'passed', ['ok']],
    ]);
    const connects = (await test.traffic()).filter((entry) => entry.direction === 'out' && (entry.method === 'initialize' || entry.method === 'server/discover'));
    const connections = new Set(connects.map((entry) => entry.connectionId));
    expect(connections.size).toBe(2);
  }, 60_000);
});

describe('a collection and the servers in the list', () => {
  const everything = { command: APP_NODE_COMMAND, args: [EVERYTHING_ENTRY, 'stdio'] };
  const echo = 'tool: echo\narguments: { message: hi }\nchecks:\n  - path: /content/0/text\n    equals: "Echo: hi"\n';
  let test: TestCore;

  beforeEach(async () => {
    test = await startCore();
  });

  afterEach(async () => {
    await test?.core.dispose();
  });

  /** How many connections were made to a server: the connections its initialize or server/discover requests went on. */
  async function connectsTo(serverId: string): Promise<number> {
    const connects = (await test.traffic(serverId)).filter((entry) => entry.direction === 'out' && (entry.method === 'initialize' || entry.method === 'server/discover'));
    return new Set(connects.map((entry) => entry.connectionId)).size;
  }

  it("is created with node where the server runs on Loupe's own Node, and a collection that says @node still runs", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loupe-collection-'));
    await test.core.handlers['collections.create']({ dir, name: 'Made', servers: { everything } });
    const text = readFileSync(join(dir, 'collection.yaml'), 'utf8');
    expect(text).toMatch(/^ {4}command: node$/m);
    expect(text).not.toContain(APP_NODE_COMMAND);

    const old = mkdtempSync(join(tmpdir(), 'loupe-collection-'));
    write(old, 'collection.yaml', `loupe: 1\nname: Old\nservers:\n  everything:\n    command: "${APP_NODE_COMMAND}"\n    args: [${JSON.stringify(EVERYTHING_ENTRY)}, stdio]\n`);
    write(old, 'echo.yaml', echo);
    const view = await test.core.handlers['collections.open']({ dir: old });
    const report = await runAllowed(test.core.handlers, { collectionId: view.id });
    expect(report.requests.map((request) => request.status)).toEqual(['passed']);
  }, 60_000);

  it("gives a first run the time its request went out, as its traffic row says, not the time before connecting (issue 39)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loupe-collection-'));
    write(dir, 'collection.yaml', `loupe: 1\nname: First\nservers:\n  everything:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(EVERYTHING_ENTRY)}, stdio]\n`);
    write(dir, 'echo.yaml', echo);
    const view = await test.core.handlers['collections.open']({ dir });
    const report = await runAllowed(test.core.handlers, { collectionId: view.id });
    const run = report.requests[0]!;
    const sent = await test.core.handlers['traffic.get']({ seq: run.trafficSeqs[0]! });
    expect(sent?.method).toBe('tools/call');
    expect(run.startedAt).toBe(sent?.time);
    expect((await test.core.handlers['collections.runs']({ collectionId: view.id, path: 'echo.yaml' })).last?.startedAt).toBe(sent?.time);
  }, 60_000);

  it('runs on the connected server with the same settings instead of adding a copy; other settings add one', async () => {
    // The demo server a new data folder lists: server-everything on Loupe's own Node.
    const listed = (await test.core.handlers['servers.list']()).find((server) => server.name === DEMO_SERVER_NAME)!;
    expect(listed.transport).toMatchObject({ type: 'stdio', ...everything, env: [] });
    await test.core.handlers['connections.connect']({ serverId: listed.id });
    const dir = mkdtempSync(join(tmpdir(), 'loupe-collection-'));
    const view = await test.core.handlers['collections.create']({ dir, name: 'Reuse', servers: { everything } });
    write(dir, 'echo.yaml', echo);
    const report = await runAllowed(test.core.handlers, { collectionId: view.id, path: 'echo.yaml' });
    expect(report.requests.map((request) => request.status)).toEqual(['passed']);
    expect((await test.core.handlers['servers.list']()).map((server) => server.name)).toEqual([DEMO_SERVER_NAME]);
    expect((await test.traffic(listed.id)).some((entry) => entry.method === 'tools/call')).toBe(true);
    expect(await connectsTo(listed.id)).toBe(1);

    const other = mkdtempSync(join(tmpdir(), 'loupe-collection-'));
    write(other, 'collection.yaml', `loupe: 1\nname: Other\nservers:\n  everything:\n    command: node\n    args: [${JSON.stringify(EVERYTHING_ENTRY)}, stdio]\n    env: { LOUPE_OTHER: "1" }\n`);
    write(other, 'echo.yaml', echo);
    const otherView = await test.core.handlers['collections.open']({ dir: other });
    await runAllowed(test.core.handlers, { collectionId: otherView.id });
    expect((await test.core.handlers['servers.list']()).map((server) => server.name)).toEqual([DEMO_SERVER_NAME, 'Other · everything']);
  }, 60_000);
});
