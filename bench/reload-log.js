/**
 * A reload of a huge log, in Chromium (browser mode): a server floods `count` notifications
 * (1,000,000 by default) while no page is open, so every entry is on disk and the core keeps its
 * default 200,000 in memory; then the page is loaded and timed until the newest row is on screen.
 * Goal: the newest rows shown ≤ 300 ms after the page has loaded, whatever the log's size.
 */
/* global window, document, MutationObserver -- page functions run in Chromium */
import { randomUUID } from 'node:crypto';
import { FIXTURE_SERVER_PATH, startLoupeInBrowser } from './lib/loupe-browser.js';
import { median } from './lib/stats.js';
import { printTable } from './lib/table.js';

export const name = 'reload-log';
export const description = 'reload with a huge log (1,000,000 entries on disk, 200,000 kept): page load → newest rows shown';
export const defaults = { count: 1_000_000, rounds: 3 };

const GOAL_MS = 300;
/** One flood call sends at most this many notifications (the fixture answers after the last). */
const FLOOD_PER_CALL = 100_000;
const SHOWN_TIMEOUT_MS = 300_000;
const SERVER = { id: 'reload', name: 'Reload', transport: { type: 'stdio', command: '@node', args: [FIXTURE_SERVER_PATH], env: [] } };

/** Runs in the page before the app: when the row whose # cell reads `window.__newestSeq` is first on screen. */
function watchForNewestRow() {
  window.__reload = { shownAt: null };
  const wanted = String(window.__newestSeq);
  const check = () => {
    if (window.__reload.shownAt !== null) return;
    for (const cell of document.querySelectorAll('section[aria-label="Traffic"] .traffic-cell--seq')) {
      if (cell.textContent === wanted) {
        window.__reload.shownAt = performance.now();
        return;
      }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
}

/** The page's navigation timing: when the load event ended, on the page's clock. */
function loadEventEnd() {
  return performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? 0;
}

async function flood(invoke, count) {
  const started = performance.now();
  for (let sent = 0; sent < count; sent += FLOOD_PER_CALL) {
    const outcome = await invoke('tools.call', { serverId: SERVER.id, name: 'flood', arguments: { count: Math.min(FLOOD_PER_CALL, count - sent) }, callId: randomUUID() });
    if (outcome.failure) throw new Error(`The flood call failed: ${outcome.failure.message}`);
  }
  return performance.now() - started;
}

async function timeReload(page, url) {
  await page.goto('about:blank');
  await page.goto(url);
  const shownAt = await page
    .waitForFunction(() => window.__reload?.shownAt, undefined, { timeout: SHOWN_TIMEOUT_MS, polling: 100 })
    .then((handle) => handle.jsonValue());
  const loadedAt = await page.evaluate(loadEventEnd);
  return { shownAt, loadedAt };
}

export async function run({ count, rounds }) {
  const loupe = await startLoupeInBrowser({ servers: [SERVER] });
  const { page, invoke } = loupe;
  try {
    // No page listens while the log fills: the core records, the disk keeps it all.
    await page.goto('about:blank');
    const connected = await invoke('connections.connect', { serverId: SERVER.id });
    if (connected.status !== 'connected') throw new Error(`The fixture server did not connect: ${connected.failure?.message ?? connected.status}`);
    const floodMs = await flood(invoke, count);
    // The newest row: a call made after the flood (its request row, with the response in it).
    const last = await invoke('tools.call', { serverId: SERVER.id, name: 'echo', arguments: { message: 'newest' }, callId: randomUUID() });
    if (last.requestSeq === undefined) throw new Error('The last call has no request seq.');
    const sessions = await invoke('traffic.sessions.list');
    const diskMb = sessions.filter((session) => session.current).reduce((sum, session) => sum + session.bytes, 0) / 1024 / 1024;

    // The seq is handed to the page through the init script, before any of the app's code runs.
    await page.addInitScript((seq) => {
      window.__newestSeq = seq;
    }, last.requestSeq);
    await page.addInitScript(watchForNewestRow);
    const reloads = [];
    for (let round = 0; round < Math.max(1, rounds); round++) reloads.push(await timeReload(page, loupe.url));

    const afterLoad = reloads.map((reload) => reload.shownAt - reload.loadedAt);
    const afterStart = reloads.map((reload) => reload.shownAt);
    console.log(`\n${name}: ${description}`);
    console.log(
      `(Chromium ${loupe.browserVersion}; ${count.toLocaleString()} notifications flooded in ${Math.round(floodMs / 1000)} s, newest seq ${last.requestSeq.toLocaleString()}, ` +
        `${Math.round(diskMb)} MB on disk; median of ${reloads.length} reloads)\n`,
    );
    printTable([
      ['what', 'now', 'each reload', 'goal', ''],
      [
        'page loaded (load event) → newest row shown',
        `${Math.round(median(afterLoad))} ms`,
        afterLoad.map((ms) => Math.round(ms)).join(', '),
        `≤ ${GOAL_MS} ms`,
        median(afterLoad) <= GOAL_MS ? 'ok' : 'FAIL',
      ],
      ['navigation start → newest row shown', `${Math.round(median(afterStart))} ms`, afterStart.map((ms) => Math.round(ms)).join(', '), '', ''],
    ]);
    return { problems: [] };
  } finally {
    await loupe.close();
  }
}
