/**
 * A server with 1,000 tools, in Chromium through browser mode: the time from clicking Connect
 * until the Tools tab lists them all, the time a filter takes to narrow the list, and the longest
 * main-thread task in each phase (and while scrolling to the end with the keyboard).
 */
/* global window, document -- the functions passed to page.evaluate run in the page */
import { FIXTURE_SERVER_PATH, startLoupeInBrowser } from './lib/loupe-browser.js';
import { median } from './lib/stats.js';
import { printTable } from './lib/table.js';

export const name = 'many-tools';
export const description = 'a server with 1,000 tools: list, filter and scroll in the Tools tab';
export const defaults = { rounds: 3, count: 1000 };

const GOAL_TASK_MS = 100;
const PEERS = 'official v1 1.0.3: 0.34 s / 160 ms; official v2 2.12.0: 0.59 s / 559 ms (time to list / longest task)';

function instrumentPage() {
  window.__bench = { longTasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** In the page: the number before " tools" in the Tools header, once it is at least `atLeast`. */
function toolsCountAtLeast(atLeast) {
  const text = document.querySelector('section[aria-label="Tools"]')?.textContent ?? '';
  const match = /(?:of )?([\d,]+) tools/.exec(text);
  return match && Number(match[1].replace(/,/g, '')) >= atLeast;
}

async function longestTaskSince(page, since) {
  return page.evaluate((start) => Math.max(0, ...window.__bench.longTasks.filter((task) => task.start >= start).map((task) => task.duration)), since);
}

async function oneRound(count) {
  const server = { id: 'many', name: 'Many tools', transport: { type: 'stdio', command: '@node', args: [FIXTURE_SERVER_PATH, '--many-tools', String(count)], env: [] } };
  const loupe = await startLoupeInBrowser({ servers: [server] });
  try {
    const { page } = loupe;
    await page.addInitScript(instrumentPage);
    await page.goto(loupe.url);
    const servers = page.getByRole('region', { name: 'Servers' });
    await servers.getByRole('button', { name: 'Connect' }).waitFor();

    const listStart = await page.evaluate(() => performance.now());
    await servers.getByRole('button', { name: 'Connect' }).click();
    await page.waitForFunction(toolsCountAtLeast, count, { timeout: 60_000, polling: 'raf' });
    const listMs = (await page.evaluate(() => performance.now())) - listStart;
    const listTask = await longestTaskSince(page, listStart);

    const filter = page.getByRole('region', { name: 'Tools' }).getByRole('combobox', { name: 'Filter tools' });
    const filterStart = await page.evaluate(() => performance.now());
    await filter.fill('tool-05');
    await page.waitForFunction(() => /\d of [\d,]+ tools/.test(document.querySelector('section[aria-label="Tools"]')?.textContent ?? ''), null, { polling: 'raf' });
    const filterMs = (await page.evaluate(() => performance.now())) - filterStart;
    const filterTask = await longestTaskSince(page, filterStart);

    await filter.fill('');
    await page.waitForFunction(toolsCountAtLeast, count, { polling: 'raf' });
    const scrollStart = await page.evaluate(() => performance.now());
    await page.getByRole('listbox', { name: /tool/i }).first().focus();
    for (let i = 0; i < 20; i++) await page.keyboard.press('PageDown');
    await page.keyboard.press('End');
    await page.waitForTimeout(300);
    const scrollTask = await longestTaskSince(page, scrollStart);
    return { listMs, listTask, filterMs, filterTask, scrollTask };
  } finally {
    await loupe.close();
  }
}

export async function run({ rounds, count }) {
  const results = [];
  for (let round = 0; round < rounds; round++) results.push(await oneRound(count));
  const pick = (key) => median(results.map((result) => result[key]));
  console.log(`\n${name}: ${description} (median of ${rounds} rounds)`);
  printTable([
    ['phase', 'time', 'longest task', `goal: task ≤ ${GOAL_TASK_MS} ms`],
    ['connect → all tools listed', `${pick('listMs').toFixed(0)} ms`, `${pick('listTask').toFixed(0)} ms`, pick('listTask') <= GOAL_TASK_MS ? 'PASS' : 'FAIL'],
    ['filter "tool-05"', `${pick('filterMs').toFixed(0)} ms`, `${pick('filterTask').toFixed(0)} ms`, pick('filterTask') <= GOAL_TASK_MS ? 'PASS' : 'FAIL'],
    ['scroll to the end (keyboard)', '', `${pick('scrollTask').toFixed(0)} ms`, pick('scrollTask') <= GOAL_TASK_MS ? 'PASS' : 'FAIL'],
  ]);
  console.log(`peers: ${PEERS}`);
  return { problems: [] };
}
