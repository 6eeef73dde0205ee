import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionView } from '../../shared/collections.js';
import { statAll } from '../../main/core/collections/collection-folder.js';
import { prepareAllowed, runAllowed, eventsNamed, FIXTURE_SERVER, startCore, waitFor, type TestCore } from './helpers.js';

const COLLECTION = `loupe: 1
name: Cost
servers:
  fixture:
    command: ${JSON.stringify(process.execPath)}
    args: [${JSON.stringify(FIXTURE_SERVER)}]
variables:
  greeting: hello
`;

const echo = (message: string) => `tool: echo\narguments:\n  message: "${message}"\nchecks:\n  - path: /content/0/text\n    equals: "Echo: ${message.replaceAll('{{greeting}}', 'hello')}"\n`;

describe('what a collection run does besides its calls', () => {
  let test: TestCore;
  let dir: string;
  let view: CollectionView;
  let serverId: string;
  const toolsListsSent = async () => (await test.traffic(serverId)).filter((entry) => entry.method === 'tools/list' && entry.direction === 'out').length;

  beforeAll(async () => {
    test = await startCore();
    dir = mkdtempSync(join(tmpdir(), 'loupe-run-cost-'));
    writeFileSync(join(dir, 'collection.yaml'), COLLECTION);
    mkdirSync(join(dir, 'echo'));
    writeFileSync(join(dir, 'echo', 'a.yaml'), echo('one'));
    writeFileSync(join(dir, 'echo', 'b.yaml'), echo('two'));
    writeFileSync(join(dir, 'echo', 'c.yaml'), echo('{{greeting}} three'));
    view = await test.core.handlers['collections.open']({ dir });
    serverId = (await prepareAllowed(test.core.handlers, { collectionId: view.id })).fixture!;
    await test.core.handlers['connections.connect']({ serverId });
  }, 30_000);

  afterAll(async () => {
    await test?.core.dispose();
  });

  it('asks for the tools list only when the connection has none loaded', async () => {
    await waitFor(async () => ((await test.core.handlers['lists.get']({ serverId }))[0]?.lists.tools.status === 'loaded' ? true : undefined), 'the tools list loaded on connect');
    const before = await toolsListsSent();
    expect(before).toBeGreaterThan(0);
    for (let round = 0; round < 2; round++) {
      const report = await runAllowed(test.core.handlers, { collectionId: view.id });
      expect(report.totals).toMatchObject({ requests: 3, passed: 3 });
    }
    expect(await toolsListsSent()).toBe(before);
  }, 30_000);

  it('sends what the files say when the run starts, variables filled in, even an edit made just before', async () => {
    writeFileSync(join(dir, 'echo', 'a.yaml'), echo('one, edited'));
    writeFileSync(join(dir, 'echo', 'c.yaml'), echo('{{greeting}} four'));
    const report = await runAllowed(test.core.handlers, { collectionId: view.id });
    expect(report.requests.map((request) => [request.path, request.status])).toEqual([
      ['echo/a.yaml', 'passed'],
      ['echo/b.yaml', 'passed'],
      ['echo/c.yaml', 'passed'],
    ]);
    const sent = (await test.traffic(serverId)).filter((entry) => entry.method === 'tools/call' && entry.direction === 'out').slice(-3);
    expect(sent.map((entry) => (entry.message as { params: { arguments: { message: string } } }).params.arguments.message)).toEqual(['one, edited', 'two', 'hello four']);
  }, 30_000);

  it('tells the window of the finished requests in batches, each request once, the last with the total done', async () => {
    const report = await runAllowed(test.core.handlers, { collectionId: view.id });
    const events = eventsNamed(test, 'collections.runProgress').filter((event) => event.runId === report.runId);
    expect(events.flatMap((event) => event.requests.map((request) => request.path))).toEqual(['echo/a.yaml', 'echo/b.yaml', 'echo/c.yaml']);
    expect(events.at(-1)).toMatchObject({ collectionId: view.id, done: 3, total: 3 });
  }, 30_000);

  it('keeps each request\'s run in the order listed, with its own verdicts, when some checks finish later than the next call', async () => {
    // The run checks a request while the server works on the next: a snapshot check (a file) and a
    // regex (the worker) answer after that; runs, verdicts and progress still follow the listing.
    mkdirSync(join(dir, 'order'));
    writeFileSync(join(dir, 'order', '1-snapshot.yaml'), 'tool: echo\narguments:\n  message: one\nchecks:\n  - snapshot: {}\n');
    writeFileSync(join(dir, 'order', '2-pointer.yaml'), echo('two'));
    writeFileSync(join(dir, 'order', '3-regex.yaml'), 'tool: echo\narguments:\n  message: three\nchecks:\n  - path: /content/0/text\n    matches: "^Echo: thr+ee$"\n  - path: /content/0/text\n    matches: "^nope"\n');
    writeFileSync(join(dir, 'order', '4-pointer.yaml'), echo('four'));
    const report = await runAllowed(test.core.handlers, { collectionId: view.id, path: 'order' });
    expect(report.requests.map((request) => [request.path, request.status, request.checks.map((check) => check.passed)])).toEqual([
      ['order/1-snapshot.yaml', 'failed', [false]],
      ['order/2-pointer.yaml', 'passed', [true]],
      ['order/3-regex.yaml', 'failed', [true, false]],
      ['order/4-pointer.yaml', 'passed', [true]],
    ]);
    expect(report.requests[0]!.checks[0]!.message).toMatch(/no baseline yet/);
    const sent = (await test.traffic(serverId)).filter((entry) => entry.method === 'tools/call' && entry.direction === 'out').slice(-4);
    expect(sent.map((entry) => (entry.message as { params: { arguments: { message: string } } }).params.arguments.message)).toEqual(['one', 'two', 'three', 'four']);
    expect(report.requests.map((request) => request.trafficSeqs[0])).toEqual(sent.map((entry) => entry.seq));
    const events = eventsNamed(test, 'collections.runProgress').filter((event) => event.runId === report.runId);
    expect(events.flatMap((event) => event.requests.map((request) => request.path))).toEqual(report.requests.map((request) => request.path));
    expect(events.at(-1)).toMatchObject({ done: 4, total: 4 });
  }, 30_000);

  it('stats files in order the same way when a slow folder makes it go asynchronously', async () => {
    const files = ['a.yaml', 'b.yaml', 'missing.yaml'].map((name) => join(dir, 'echo', name));
    for (const slowSliceMs of [Infinity, -1]) {
      const stats = await statAll(files, slowSliceMs);
      expect(stats.slice(0, 2).map((info) => ('error' in info ? 'error' : `${info.size}:${info.mtimeMs}`))).toEqual(files.slice(0, 2).map((file) => `${statSync(file).size}:${statSync(file).mtimeMs}`));
      expect(stats[2]).toMatchObject({ error: expect.objectContaining({ code: 'ENOENT' }) });
    }
  });
});
