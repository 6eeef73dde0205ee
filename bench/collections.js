/**
 * Collections:
 * 1. a collection of `count` requests (echo, each with two checks) run by Loupe's core against
 *    server-everything over stdio, against the same calls made by a bare SDK client (goal: ≤ 1.2×)
 *    and by the same core's tools.call (what the collection adds over the core's own cost).
 * 2. the capability diff of two snapshots of `count` tools each. Goal: ≤ 200 ms.
 * 3. the diff of two 5 MB results in the core's diff thread: the longest the core's event loop
 *    was held meanwhile (the window only ever gets windows of rows).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { connectBareClient, EVERYTHING_STDIO } from './lib/everything-server.js';
import { FIXTURE_SERVER_PATH } from './lib/loupe-browser.js';
import { startLoupeCore } from './lib/loupe-core.js';
import { IDLE_AFTER_ROUND_MS } from './lib/paired-rounds.js';
import { median } from './lib/stats.js';
import { printTable } from './lib/table.js';

export const name = 'collections';
export const description = 'a 1,000-request collection vs a bare SDK client; a capability diff of two 1,000-tool snapshots; a 5 MB result diff';
export const defaults = { count: 1000, rounds: 5, warmup: 4 };

const RUN_GOAL_RATIO = 1.2;
const DIFF_GOAL_MS = 200;

async function writeCollection(count) {
  const dir = await mkdtemp(join(tmpdir(), 'loupe-bench-collection-'));
  const server = `    command: ${JSON.stringify(EVERYTHING_STDIO.command)}\n    args: ${JSON.stringify(EVERYTHING_STDIO.args)}\n`;
  await writeFile(join(dir, 'collection.yaml'), `loupe: 1\nname: Bench\nservers:\n  everything:\n${server}`);
  await mkdir(join(dir, 'echo'));
  for (let index = 0; index < count; index++) {
    const file = `request-${String(index).padStart(4, '0')}.yaml`;
    await writeFile(
      join(dir, 'echo', file),
      `tool: echo\narguments:\n  message: hello ${index}\nchecks:\n  - outcome: success\n  - path: /content/0/text\n    equals: "Echo: hello ${index}"\n`,
    );
  }
  return dir;
}

async function openBare(count) {
  const client = await connectBareClient();
  return {
    label: 'bare SDK client',
    async round() {
      let failures = 0;
      const started = performance.now();
      for (let index = 0; index < count; index++) {
        const result = await client.callTool({ name: 'echo', arguments: { message: `hello ${index}` } }).catch(() => undefined);
        if (result?.content?.[0]?.text !== `Echo: hello ${index}`) failures++;
      }
      return { ms: performance.now() - started, failures };
    },
    close: () => client.close(),
  };
}

async function openCollection(dir, count) {
  const loupe = await startLoupeCore();
  const { handlers } = loupe.core;
  const view = await handlers['collections.open']({ dir });
  const ids = await handlers['collections.prepareServers']({ collectionId: view.id });
  const state = await handlers['connections.connect']({ serverId: ids.everything });
  if (state.status !== 'connected') throw new Error(`Could not connect: ${state.failure?.message ?? state.status}`);
  const collectionRun = {
    label: 'Loupe collection run',
    async round() {
      const started = performance.now();
      const report = await handlers['collections.run']({ collectionId: view.id, servers: ids });
      return { ms: performance.now() - started, failures: report.totals.failed + report.totals.errors };
    },
    close: () => loupe.dispose(),
  };
  // The same calls through the same core without a collection: what the collection itself adds.
  const coreCalls = {
    label: 'Loupe core, tools.call',
    async round() {
      let failures = 0;
      const started = performance.now();
      for (let index = 0; index < count; index++) {
        const outcome = await handlers['tools.call']({ serverId: ids.everything, name: 'echo', arguments: { message: `hello ${index}` }, callId: randomUUID() });
        if (outcome.result?.content?.[0]?.text !== `Echo: hello ${index}`) failures++;
      }
      return { ms: performance.now() - started, failures };
    },
    close: async () => {},
  };
  return [collectionRun, coreCalls];
}

async function benchRun({ count, rounds, warmup }, problems) {
  const dir = await writeCollection(count);
  const runners = [];
  try {
    runners.push(await openBare(count), ...(await openCollection(dir, count)));
    for (const runner of runners) Object.assign(runner, { times: [], cpu: [] });
    for (let round = 0; round < warmup + rounds; round++) {
      const order = round % 2 === 0 ? runners : [...runners].reverse();
      for (const runner of order) {
        const cpuBefore = process.cpuUsage();
        const measured = await runner.round();
        // As in the other paired benches: what a runner left for later (the run's records, the
        // traffic journal's writes) is done, and counted as its own CPU, before the next runner's
        // round starts; the wall time stays the round's alone.
        await new Promise((resolve) => setTimeout(resolve, IDLE_AFTER_ROUND_MS));
        const cpu = process.cpuUsage(cpuBefore);
        if (measured.failures > 0) problems.push(`${runner.label}: ${measured.failures} of ${count} requests failed`);
        if (round >= warmup) {
          runner.times.push(measured.ms);
          runner.cpu.push((cpu.user + cpu.system) / 1000);
        }
      }
    }
  } finally {
    await Promise.allSettled(runners.map((runner) => runner.close()));
    await rm(dir, { recursive: true, force: true });
  }
  console.log(`\n${name} (1): ${count} echo requests, each with two checks, over stdio to server-everything`);
  console.log(`timed: median of ${rounds} alternating rounds after ${warmup} warm-up rounds each; one connection per runner for all rounds`);
  console.log(`cpu ms: CPU used by this process (the client, or the core; not the server) in a round and the ${IDLE_AFTER_ROUND_MS} ms idle after it: steadier than wall time on a busy machine`);
  const rows = [['runner', 'requests', 'median ms', 'ms/request', 'rounds (ms)', 'median cpu ms']];
  for (const runner of runners) {
    rows.push([runner.label, count, median(runner.times).toFixed(1), (median(runner.times) / count).toFixed(3), runner.times.map((ms) => ms.toFixed(0)).join(' / '), median(runner.cpu).toFixed(0)]);
  }
  printTable(rows);
  if (runners.length === 3 && runners.every((runner) => runner.times.length > 0)) {
    const [bare, collection, core] = runners.map((runner) => median(runner.times));
    const ratio = collection / bare;
    console.log(`\nratio collection run / bare client: ${ratio.toFixed(3)}  (goal ≤ ${RUN_GOAL_RATIO.toFixed(2)})  ${ratio <= RUN_GOAL_RATIO ? 'PASS' : 'FAIL'}`);
    console.log(`of which Loupe's core (tools.call / bare client): ${(core / bare).toFixed(3)}; the collection over its core's calls: ${(collection / core).toFixed(3)}`);
    const [bareCpu, collectionCpu, coreCpu] = runners.map((runner) => median(runner.cpu));
    console.log(`cpu ratios: collection run / bare client ${(collectionCpu / bareCpu).toFixed(3)}, core calls / bare client ${(coreCpu / bareCpu).toFixed(3)}, collection / core calls ${(collectionCpu / coreCpu).toFixed(3)}`);
  }
}

/** A snapshot of `count` tools with varied schemas; `variant` 1 changes about a tenth of them. */
function surface(count, variant) {
  const tools = [];
  for (let index = 0; index < count; index++) {
    const changed = variant === 1 && index % 10 === 0;
    if (variant === 1 && index % 97 === 0) continue;
    tools.push({
      name: `tool-${String(index).padStart(4, '0')}`,
      description: changed && index % 20 === 0 ? `Tool ${index}, described anew.` : `Tool ${index}.`,
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'What to look for' },
          limit: { type: changed ? 'integer' : 'number', minimum: 0, maximum: 100 },
          mode: { type: 'string', enum: changed ? ['fast', 'exact'] : ['fast', 'exact', 'fuzzy'] },
          filter: { type: 'object', properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' }, tags: { type: 'array', items: { type: 'string' } } } },
          ...(changed ? { strict: { type: 'boolean' } } : {}),
        },
        required: changed ? ['query', 'strict'] : ['query'],
      },
      outputSchema: { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, score: { type: 'number' } } } }, total: { type: 'integer' } } },
      annotations: { readOnlyHint: true, openWorldHint: changed },
    });
  }
  if (variant === 1) for (let index = 0; index < 10; index++) tools.push({ name: `new-tool-${index}`, inputSchema: { type: 'object' } });
  return { loupeSurface: 1, takenAt: '', server: { name: 'bench', version: String(variant), protocolVersion: '2025-11-25', era: 'legacy' }, capabilities: { tools: {} }, tools, resources: [], resourceTemplates: [], prompts: [] };
}

async function benchSurfaceDiff({ count, rounds }) {
  const { diffSurfaces } = await import('../dist/main/core/collections/surface-diff.js');
  const before = surface(count, 0);
  const after = surface(count, 1);
  const times = [];
  let changes;
  for (let round = 0; round < rounds + 3; round++) {
    const started = performance.now();
    changes = diffSurfaces(before, after);
    if (round >= 3) times.push(performance.now() - started);
  }
  console.log(`\n${name} (2): capability diff of two snapshots of ${count} tools (${changes.changes.length} changes: ${JSON.stringify(changes.counts)})`);
  printTable([
    ['rounds', 'median ms', 'max ms'],
    [rounds, median(times).toFixed(1), Math.max(...times).toFixed(1)],
  ]);
  console.log(`goal ≤ ${DIFF_GOAL_MS} ms: ${median(times) <= DIFF_GOAL_MS ? 'PASS' : 'FAIL'}`);
}

export async function benchResultDiff(problems) {
  const loupe = await startLoupeCore();
  try {
    const { handlers } = loupe.core;
    const server = await handlers['servers.add']({ name: 'big', transport: { type: 'stdio', command: process.execPath, args: [FIXTURE_SERVER_PATH], env: [] } });
    await handlers['connections.connect']({ serverId: server.id });
    const seqs = [];
    for (const kind of ['json', 'broken-json']) {
      const outcome = await handlers['tools.call']({ serverId: server.id, name: 'big', arguments: { mb: 5, kind }, callId: randomUUID() });
      const page = await handlers['traffic.list']({ afterSeq: outcome.requestSeq, limit: 50 });
      const response = page.entries.find((entry) => entry.requestSeq === outcome.requestSeq);
      if (!response) throw new Error('The response entry was not found.');
      seqs.push(response.seq);
    }
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const started = performance.now();
    const summary = await handlers['diffs.open']({ before: { kind: 'traffic', seq: seqs[0] }, after: { kind: 'traffic', seq: seqs[1] } });
    const rows = await handlers['diffs.rows']({ diffId: summary.diffId, start: 0, end: 200 });
    const ms = performance.now() - started;
    delay.disable();
    // The same measure over as long a time with nothing to do: what the shared machine alone costs.
    const idle = monitorEventLoopDelay({ resolution: 5 });
    idle.enable();
    await new Promise((resolve) => setTimeout(resolve, ms));
    idle.disable();
    console.log(`\n${name} (3): diff of two 5 MB results (traffic entries) in the diff thread, and its first 200 rows`);
    printTable([
      ['diff + rows ms', 'rows', 'longest event-loop delay on the core ms', 'the same, idle for as long ms'],
      [ms.toFixed(0), summary.rows, (delay.max / 1e6).toFixed(1), (idle.max / 1e6).toFixed(1)],
    ]);
    if (rows.length === 0) problems.push('the 5 MB diff has no rows');
  } finally {
    await loupe.dispose();
  }
}

export async function run(options) {
  const problems = [];
  console.log('\nNote: the machine is shared (2 cores, other agents at work): figures vary from run to run.');
  await benchRun(options, problems);
  await benchSurfaceDiff({ count: options.count, rounds: Math.max(options.rounds, 5) });
  await benchResultDiff(problems);
  for (const problem of problems) console.log(`problem: ${problem}`);
  return { problems };
}
