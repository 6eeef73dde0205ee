/**
 * A million traffic entries through the core's traffic record (memory window plus the record on
 * disk), as a flooding server's notifications with an occasional tool call among them, in a child
 * Node process so its memory is its own: the core's RSS afterwards, the disk the session takes,
 * a filter by method for the visible page (100 rows), and reading an entry back that only the
 * disk still has. Goals: RSS ≤ 300 MB, the filtered page ≤ 200 ms.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable } from './lib/table.js';

export const name = 'million-entries';
export const description = '1,000,000 entries recorded: core RSS, disk, filter by method for the visible page';
export const defaults = { count: 1_000_000 };

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const GOALS = { rssMb: 300, filterMs: 200 };

/** Runs in the child: records `count` entries and prints one JSON line of figures. */
const CHILD = `
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const { TrafficLog } = await import(process.env.DIST + '/main/core/traffic/traffic-log.js');
const { TrafficSessions } = await import(process.env.DIST + '/main/core/traffic/traffic-sessions.js');
const count = Number(process.env.COUNT);
const dataDir = mkdtempSync(join(tmpdir(), 'loupe-million-'));
const sessions = await TrafficSessions.open(dataDir, () => {});
const log = new TrafficLog(() => {}, undefined, sessions.journal);
const recorder = log.recorderFor('server-1', 'connection-1');
const started = performance.now();
let written = 0;
for (let n = 1; n <= count; n++) {
  const call = n % 1000 === 0;
  const text = call
    ? '{"jsonrpc":"2.0","id":' + n + ',"method":"tools/call","params":{"name":"echo","arguments":{"message":"call ' + n + '"}}}'
    : '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"flood","data":"flood message ' + n + ' of ' + count + '"}}';
  recorder.message(call ? 'out' : 'in', JSON.parse(text), text.length, text);
  // The journal writes once per event-loop turn; a flood arrives over many turns.
  if (n % 2000 === 0) await new Promise((resolve) => setImmediate(resolve));
}
log.flush();
const recordMs = performance.now() - started;
globalThis.gc?.();
const rssAtOnceMb = process.memoryUsage().rss / 1024 / 1024;
// V8 gives freed pages back to the system a moment later, as it would while the app idles.
await new Promise((resolve) => setTimeout(resolve, 3000));
globalThis.gc?.();
const rssMb = process.memoryUsage().rss / 1024 / 1024;
const heapMb = process.memoryUsage().heapUsed / 1024 / 1024;
const filterStarted = performance.now();
const page = log.page({ methods: ['tools/call'], limit: 100 });
const filterMs = performance.now() - filterStarted;
const diskMb = (await sessions.list()).reduce((sum, session) => sum + session.bytes, 0) / 1024 / 1024;
const readStarted = performance.now();
const oldest = log.get(1);
const readMs = performance.now() - readStarted;
sessions.close();
rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify({ recordMs, rssAtOnceMb, rssMb, heapMb, filterMs, filtered: page.entries.length, diskMb, readMs, oldestOk: oldest?.seq === 1 && oldest.message !== undefined }));
`;

export async function run({ count }) {
  const dist = join(ROOT, 'dist');
  if (!existsSync(join(dist, 'main/core/traffic/traffic-log.js'))) throw new Error('Loupe is not built (no dist/). Run `npm run build` first.');
  const output = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', CHILD], {
    env: { ...process.env, DIST: dist, COUNT: String(count) },
    encoding: 'utf8',
    maxBuffer: 1024 * 1024,
  });
  const figures = JSON.parse(output.trim().split('\n').at(-1));
  console.log(`\n${name}: ${description}`);
  console.log(`(${count.toLocaleString()} entries, one in a thousand a tools/call; the memory window keeps the default 200,000, the disk all of them)\n`);
  const verdict = (ok) => (ok ? 'ok' : 'FAIL');
  printTable([
    ['what', 'before', 'now', 'goal', ''],
    ['core RSS after recording (3 s later)', 'not measured (all in memory)', `${Math.round(figures.rssMb)} MB`, `≤ ${GOALS.rssMb} MB`, verdict(figures.rssMb <= GOALS.rssMb)],
    ['  right after the last entry', '', `${Math.round(figures.rssAtOnceMb)} MB`, '', ''],
    ['  of which the JS heap', '', `${Math.round(figures.heapMb)} MB`, '', ''],
    ['filter by method, visible page (100 rows)', 'not measured', `${figures.filterMs.toFixed(1)} ms (${figures.filtered} rows)`, `≤ ${GOALS.filterMs} ms`, verdict(figures.filterMs <= GOALS.filterMs)],
    ['recording time', '', `${Math.round(figures.recordMs)} ms (${((figures.recordMs * 1000) / count).toFixed(1)} µs/entry)`, '', ''],
    ['session on disk', '', `${Math.round(figures.diskMb)} MB`, '', ''],
    ['oldest entry read back from disk', '', `${figures.readMs.toFixed(2)} ms`, '', figures.oldestOk ? 'ok' : 'FAIL'],
  ]);
  return { problems: figures.oldestOk ? [] : ['the oldest entry could not be read back from disk'] };
}
