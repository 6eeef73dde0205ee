/**
 * 100 sampling requests arrive at once from server-everything, in Chromium (browser mode): how long
 * until the Approvals desk counts them all, and the longest main-thread task meanwhile.
 * Goal: no task over 100 ms (a frame or so; the e2e test checks only that all are queued).
 */
/* global document, window -- page functions run in Chromium */
import { randomUUID } from 'node:crypto';
import { EVERYTHING_STDIO } from './lib/everything-server.js';
import { startLoupeInBrowser } from './lib/loupe-browser.js';
import { printTable } from './lib/table.js';

export const name = 'approvals-flood';
export const description = '100 sampling requests at once in Chromium: time until all are queued, longest task';
export const defaults = { count: 100, rounds: 3 };

const GOAL_LONGEST_TASK_MS = 100;
const QUEUE_TIMEOUT_MS = 60_000;
const SERVER = {
  id: 'everything',
  name: 'Everything',
  transport: { type: 'stdio', command: EVERYTHING_STDIO.command, args: EVERYTHING_STDIO.args, env: [] },
};

/** In the page: records every long task from now on. */
function observeLongTasks() {
  window.__loupeLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__loupeLongTasks.push(entry.duration);
  }).observe({ type: 'longtask' });
}

/** In the page: resolves with performance.now() once the Approvals button counts `count` pending. */
function waitForPending({ count, timeoutMs }) {
  const label = () => document.querySelector('button[aria-label^="Approvals,"]')?.getAttribute('aria-label');
  const giveUp = performance.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const check = () => {
      if (label() === `Approvals, ${count} pending`) resolve(performance.now());
      else if (performance.now() > giveUp) reject(new Error(`the Approvals button still reads "${label()}"`));
      else setTimeout(check, 5);
    };
    check();
  });
}

async function round(loupe, count) {
  const { page, invoke } = loupe;
  await page.evaluate(observeLongTasks);
  const started = await page.evaluate(() => performance.now());
  const calls = Array.from({ length: count }, (_, index) =>
    invoke('tools.call', { serverId: SERVER.id, name: 'trigger-sampling-request', arguments: { prompt: `Flood #${index + 1}` }, callId: randomUUID() }),
  );
  const queued = await page.evaluate(waitForPending, { count, timeoutMs: QUEUE_TIMEOUT_MS });
  const longest = await page.evaluate(() => Math.max(0, ...window.__loupeLongTasks));
  await invoke('approvals.rejectAll', { message: 'bench' });
  await Promise.allSettled(calls);
  return { queuedMs: queued - started, longestMs: longest };
}

export async function run({ count, rounds }) {
  const loupe = await startLoupeInBrowser({ servers: [SERVER] });
  try {
    await loupe.invoke('connections.connect', { serverId: SERVER.id });
    const results = [];
    for (let index = 0; index < rounds; index++) results.push(await round(loupe, count));
    const rows = [['round', 'all queued after', 'longest task', `vs goal (${GOAL_LONGEST_TASK_MS} ms)`]];
    results.forEach((result, index) =>
      rows.push([
        String(index + 1),
        `${result.queuedMs.toFixed(0)} ms`,
        `${result.longestMs.toFixed(0)} ms`,
        `${(result.longestMs / GOAL_LONGEST_TASK_MS).toFixed(2)}× goal  ${result.longestMs <= GOAL_LONGEST_TASK_MS ? 'PASS' : 'FAIL'}`,
      ]),
    );
    console.log(`${count} sampling requests at once (${loupe.browserVersion}):`);
    printTable(rows);
    return { problems: [] };
  } finally {
    await loupe.close();
  }
}
