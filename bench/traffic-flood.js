/**
 * A server floods notifications while the traffic panel is open, in Chromium (browser mode):
 * the longest main-thread task during the flood, the JS heap afterwards, and how long a filter
 * over the whole log takes to show its result. First 10,000 notifications (the peers' figure),
 * then `count` more. Goals: no task over 100 ms, a filter under 50 ms, a heap under 300 MB.
 */
/* global document, window, HTMLInputElement, MutationObserver, requestAnimationFrame -- page functions run in Chromium */
import { randomUUID } from 'node:crypto';
import { FIXTURE_SERVER_PATH, startLoupeInBrowser } from './lib/loupe-browser.js';
import { printTable } from './lib/table.js';

export const name = 'traffic-flood';
export const description = 'notifications flooding the traffic panel in Chromium: longest task, heap, filter time';
export const defaults = { count: 100_000 };

const GOALS = { longestTaskMs: 100, filterMs: 50, heapMb: 300 };
const PEER_FLOOD = 10_000;
/** Measured on the peers with 10,000 log notifications (see PRODUCT.md). */
const PEERS = [
  ['Official Inspector v1', 800, 'kept all'],
  ['MCPJam', 1400, 'kept only 1,000'],
];
const FILTERS = ['method:notifications/message', 'flood message 99999 of', '/message 9{4}5 /', '-kind:notification'];
const SETTLE_MS = 500;
const FLOOD_TIMEOUT_MS = 180_000;
const SERVER = { id: 'flood', name: 'Flood', transport: { type: 'stdio', command: '@node', args: [FIXTURE_SERVER_PATH], env: [] } };

/** Runs in the page before the app: records every long task. */
function observeLongTasks() {
  window.__loupeLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__loupeLongTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** In the page: resolves with performance.now() once the traffic panel counts at least `rows` rows and has caught up. */
function waitForRows({ rows, timeoutMs }) {
  const counter = () => document.querySelector('section[aria-label="Traffic"] .traffic__count');
  const shown = () => Number(/^([\d,]+)/.exec(counter()?.textContent ?? '')?.[1]?.replaceAll(',', '') ?? 0);
  const caughtUp = () => !document.querySelector('section[aria-label="Traffic"] .traffic__catching-up');
  const giveUp = performance.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const check = () => {
      if (shown() >= rows && caughtUp()) resolve(performance.now());
      else if (performance.now() > giveUp) reject(new Error(`only ${shown()} of ${rows} rows shown after ${timeoutMs / 1000} s`));
      else requestAnimationFrame(check);
    };
    check();
  });
}

/** In the page: types a whole query into the filter box at once; resolves with ms until the count shows its result. */
function timeFilter(query) {
  const input = document.querySelector('input[aria-label="Filter traffic"]');
  const counter = document.querySelector('section[aria-label="Traffic"] .traffic__count');
  if (input.value === query) return Promise.resolve({ ms: 0, count: counter.textContent });
  const before = counter.textContent;
  const done = () => counter.textContent !== before && counter.getAttribute('aria-busy') !== 'true';
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const started = performance.now();
  setValue.call(input, query);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  if (done()) return Promise.resolve({ ms: performance.now() - started, count: counter.textContent });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`the filter "${query}" showed no result within 10 s (count still "${counter.textContent}")`));
    }, 10_000);
    const observer = new MutationObserver(() => {
      if (!done()) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve({ ms: performance.now() - started, count: counter.textContent });
    });
    observer.observe(counter, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

async function flood(loupe, count) {
  const { page, invoke } = loupe;
  const rowsBefore = await page.evaluate(() =>
    Number(/^([\d,]+)/.exec(document.querySelector('section[aria-label="Traffic"] .traffic__count')?.textContent ?? '')?.[1]?.replaceAll(',', '') ?? 0),
  );
  const started = await page.evaluate(() => performance.now());
  const outcome = await invoke('tools.call', { serverId: SERVER.id, name: 'flood', arguments: { count }, callId: randomUUID() });
  if (outcome.failure) throw new Error(`The flood call failed: ${outcome.failure.message}`);
  // The call's own row plus one per notification.
  const applied = await page.evaluate(waitForRows, { rows: rowsBefore + count + 1, timeoutMs: FLOOD_TIMEOUT_MS });
  await page.waitForTimeout(SETTLE_MS);
  const tasks = await page.evaluate(() => window.__loupeLongTasks);
  const during = tasks.filter((task) => task.start + task.duration >= started && task.start <= applied + SETTLE_MS);
  return {
    count,
    shownAfterMs: applied - started,
    longestTaskMs: Math.max(0, ...during.map((task) => task.duration)),
    longTasks: during.length,
  };
}

async function heapMb(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / (1024 * 1024);
}

const verdict = (value, goal) => `${(value / goal).toFixed(2)}× goal  ${value <= goal ? 'PASS' : 'FAIL'}`;

export async function run({ count }) {
  const problems = [];
  const loupe = await startLoupeInBrowser({ servers: [SERVER] });
  try {
    const { page } = loupe;
    await page.addInitScript(observeLongTasks);
    await page.goto(loupe.url);
    const item = page.getByRole('region', { name: 'Servers' }).getByRole('listitem', { name: SERVER.name });
    await item.getByRole('button', { name: 'Connect', exact: true }).click();
    await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: 'Traffic' }).getByText(/^\d+ rows?/).waitFor();

    const floods = [];
    for (const size of [PEER_FLOOD, count]) {
      floods.push(await flood(loupe, size).catch((error) => {
        problems.push(`flood of ${size}: ${error.message}`);
        return null;
      }));
    }
    const heap = await heapMb(page);
    const filters = [];
    for (const query of FILTERS) {
      try {
        // Twice: the first run also compiles the code path; people filter more than once.
        await page.evaluate(timeFilter, '');
        const first = await page.evaluate(timeFilter, query);
        await page.evaluate(timeFilter, '');
        const second = await page.evaluate(timeFilter, query);
        filters.push({ query, first: first.ms, second: second.ms, result: second.count });
      } catch (error) {
        problems.push(`filter ${query}: ${error.message}`);
      }
    }
    const total = await page.evaluate(() => document.querySelector('section[aria-label="Traffic"] .traffic__count')?.textContent);

    console.log(`\n${name}: ${description}`);
    console.log(`(Chromium ${loupe.browserVersion}; the log holds ${total ?? '?'} after the floods)\n`);
    const rows = [['flood', 'all shown after', 'longest task', 'tasks > 50 ms', 'vs goal (100 ms)']];
    for (const result of floods.filter(Boolean)) {
      rows.push([
        `${result.count.toLocaleString()} notifications`,
        `${(result.shownAfterMs / 1000).toFixed(2)} s`,
        `${result.longestTaskMs.toFixed(0)} ms`,
        String(result.longTasks),
        verdict(result.longestTaskMs, GOALS.longestTaskMs),
      ]);
    }
    printTable(rows);

    console.log('');
    const filterRows = [['filter (whole log)', 'first', 'again', 'shows', 'vs goal (50 ms)']];
    for (const filter of filters) {
      filterRows.push([filter.query, `${filter.first.toFixed(1)} ms`, `${filter.second.toFixed(1)} ms`, filter.result ?? '', verdict(Math.max(filter.first, filter.second), GOALS.filterMs)]);
    }
    printTable(filterRows);

    console.log(`\nJS heap after the floods (after GC): ${heap.toFixed(1)} MB  ${verdict(heap, GOALS.heapMb)}`);
    const peerFlood = floods[0];
    if (peerFlood) {
      console.log(`\n${PEER_FLOOD.toLocaleString()} notifications, longest task — Loupe ${peerFlood.longestTaskMs.toFixed(0)} ms (keeps all)`);
      for (const [peer, ms, kept] of PEERS) {
        console.log(`  vs ${peer}: ${ms} ms (${kept}) → Loupe's is ${(peerFlood.longestTaskMs / ms).toFixed(3)}× theirs`);
      }
    }
  } finally {
    await loupe.close();
  }
  for (const problem of problems) console.log(`problem: ${problem}`);
  return { problems };
}
