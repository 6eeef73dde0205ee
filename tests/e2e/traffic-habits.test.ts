import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { serializeTrafficEntries } from '../../shared/traffic-jsonl.js';
import type { TrafficEntry } from '../../shared/traffic.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { callTool, connectServer, fixtureServer, openDirectBridge, plantServers, type DirectBridge } from './traffic-helpers.js';

const FIXTURE = 'Fixture';

describe('traffic: type chips, why rows are hidden, hidden rows have no detail, empty states, Jump to newest', () => {
  let harness: Harness;
  let bridge: DirectBridge;

  beforeAll(async () => {
    harness = await startHarness({ prepareDataDir: plantServers([fixtureServer('fixture', FIXTURE, ['--stderr', 'fixture: ready on stdio'])]) });
    bridge = await openDirectBridge(harness.page);
    await connectServer(harness.page, FIXTURE);
    await callTool(bridge, 'fixture', 'echo', { message: 'one' });
  });

  afterAll(async () => {
    bridge?.close();
    await harness?.close();
  });

  const traffic = () => harness.page.getByRole('region', { name: 'Traffic' });
  const grid = () => traffic().getByRole('grid', { name: 'Traffic log' });
  const bodyRows = () => grid().getByRole('row').filter({ hasNot: harness.page.getByRole('columnheader') });
  const kindOf = (row: Locator) => row.getByRole('gridcell').nth(1).textContent();
  const chips = () => traffic().getByRole('radiogroup', { name: 'Message types' });
  const detail = () => traffic().getByRole('region', { name: 'Message detail' });

  test('a type chip shows only that type, says so beside the count, and arrow keys move between chips', async () => {
    await chips().getByRole('radio', { name: 'Notifications' }).click();
    // Reads forwards: "N of M rows shown", then how many the chip hides (issue 24: it read "1 of 81 rows hidden by…").
    await traffic().getByText(/^[\d,]+ hidden by the Notifications chip$/).waitFor();
    expect(await traffic().getByText(/^[\d,]+ of [\d,]+ rows? shown$/).count()).toBe(1);
    await expect.poll(async () => (await bodyRows().count()) > 0).toBe(true);
    for (const row of await bodyRows().all()) expect(await kindOf(row)).toContain('notification');

    await harness.page.keyboard.press('ArrowRight');
    expect(await chips().getByRole('radio', { name: 'Server requests' }).getAttribute('aria-checked')).toBe('true');
    await harness.page.keyboard.press('ArrowRight');
    await traffic().getByText('hidden by the stderr chip').waitFor();
    await expect.poll(() => bodyRows().count()).toBe(1);
    expect(await kindOf(bodyRows().first())).toContain('stderr');
    await harness.screenshot('traffic-type-chips');

    await chips().getByRole('radio', { name: 'All' }).click();
    await expect.poll(() => traffic().getByText(/hidden by/).count()).toBe(0);
  });

  test('with Preserve log off, a row of an earlier connection is hidden, its detail closes, and the count says why', async () => {
    const page = harness.page;
    const first = bodyRows().filter({ hasText: 'initialize' }).first();
    await first.click();
    await detail().waitFor();
    await traffic().getByRole('checkbox', { name: 'Preserve log' }).uncheck();
    const item = page.getByRole('region', { name: 'Servers' }).getByRole('listitem', { name: FIXTURE });
    await item.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await connectServer(page, FIXTURE);
    await detail().waitFor({ state: 'detached' });
    await traffic().getByText('hidden by Preserve log off (earlier connections)').waitFor();
    await traffic().getByRole('checkbox', { name: 'Preserve log' }).check();
    // The selection was kept: ticking it again brings its detail back.
    await detail().waitFor();
  });

  test('Jump to newest appears only while rows lie below', async () => {
    await callTool(bridge, 'fixture', 'flood', { count: 200 });
    const jump = traffic().getByRole('button', { name: '↓ Jump to newest' });
    await grid().evaluate((element) => {
      element.scrollTop = 0;
      element.dispatchEvent(new Event('scroll'));
    });
    await jump.waitFor();
    // Filtered down to rows that fit, nothing is below any more.
    await traffic().getByRole('combobox', { name: 'Filter traffic' }).fill('method:initialize');
    await jump.waitFor({ state: 'detached' });
    await traffic().getByRole('combobox', { name: 'Filter traffic' }).fill('');
  });

  test('a column header sorts by it, then reverses, then restores log order', async () => {
    const header = (name: string) => grid().getByRole('columnheader', { name: new RegExp(`^${name}`) });
    const seqs = async () => (await bodyRows().evaluateAll((rows) => rows.map((row) => Number(row.children[0]?.textContent)))).filter((seq) => seq > 0);
    const isSorted = (values: number[], sign: number) => values.every((value, index) => index === 0 || sign * (value - values[index - 1]!) >= 0);
    // A detail pane narrows the grid, which then drops columns such as Size: close it.
    if ((await detail().count()) > 0) await detail().getByRole('button', { name: 'Close detail' }).click();
    await header('Size').getByRole('button').click();
    await expect.poll(() => header('Size').getAttribute('aria-sort')).toBe('ascending');
    const sizes = async () =>
      bodyRows().evaluateAll((rows) =>
        rows.map((row) => {
          const text = row.children[7]?.getAttribute('title') ?? '';
          return Number(text.replace(/[^\d]/g, ''));
        }),
      );
    await expect.poll(async () => isSorted(await sizes(), 1)).toBe(true);
    await header('Size').getByRole('button').click();
    await expect.poll(() => header('Size').getAttribute('aria-sort')).toBe('descending');
    await expect.poll(async () => isSorted(await sizes(), -1)).toBe(true);
    await header('Size').getByRole('button').click();
    await expect.poll(() => header('Size').getAttribute('aria-sort')).toBe('none');
    await expect.poll(async () => isSorted(await seqs(), 1)).toBe(true);
  });

  test('right-click on the header chooses columns, Waterfall among them; Reset puts them back', async () => {
    const page = harness.page;
    await grid().getByRole('columnheader', { name: 'Method' }).click({ button: 'right' });
    const menu = page.getByRole('menu', { name: 'Columns' });
    await menu.waitFor();
    expect(await menu.getByRole('menuitemcheckbox', { name: 'Waterfall' }).getAttribute('aria-checked')).toBe('false');
    await menu.getByRole('menuitemcheckbox', { name: 'Server' }).click();
    await menu.getByRole('menuitemcheckbox', { name: 'Waterfall' }).click();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await grid().getByRole('columnheader', { name: 'Server' }).count()).toBe(0);
    await grid().getByRole('columnheader', { name: 'Waterfall' }).waitFor();
    await expect.poll(() => grid().locator('.waterfall-bar').count()).toBeGreaterThan(0);
    await harness.screenshot('traffic-waterfall');
    await grid().getByRole('columnheader', { name: 'Method' }).click({ button: 'right' });
    await menu.getByRole('menuitem', { name: 'Reset columns' }).click();
    await grid().getByRole('columnheader', { name: 'Server' }).waitFor();
    expect(await grid().getByRole('columnheader', { name: 'Waterfall' }).count()).toBe(0);
  });

  test('after Clear with a server connected, the empty log does not ask to connect one', async () => {
    await traffic().getByRole('button', { name: 'Clear traffic' }).click();
    await grid().getByText('No traffic since the log was cleared.', { exact: false }).waitFor();
    expect(await grid().getByText('Connect a server').count()).toBe(0);
    expect(harness.pageErrors).toEqual([]);
  });
});

describe('traffic: filter-key autocompletion', () => {
  let harness: Harness;
  let bridge: DirectBridge;

  beforeAll(async () => {
    harness = await startHarness({ prepareDataDir: plantServers([fixtureServer('fixture', FIXTURE)]) });
    bridge = await openDirectBridge(harness.page);
    await connectServer(harness.page, FIXTURE);
    await callTool(bridge, 'fixture', 'echo', { message: 'one' });
  });

  afterAll(async () => {
    bridge?.close();
    await harness?.close();
  });

  test('typing suggests keys, then the methods seen; arrows and Enter choose', async () => {
    const page = harness.page;
    const traffic = page.getByRole('region', { name: 'Traffic' });
    const box = traffic.getByRole('combobox', { name: 'Filter traffic' });
    await box.click();
    await page.keyboard.type('me');
    const list = traffic.getByRole('listbox', { name: 'Filter traffic: suggestions' });
    await list.waitFor();
    expect(await list.getByRole('option').allTextContents()).toEqual(['method: method name']);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Enter');
    expect(await box.inputValue()).toBe('method:');
    // The key's values follow at once: the methods this session has seen.
    await list.getByRole('option', { name: 'tools/call' }).waitFor();
    await page.keyboard.type('tools/');
    await expect.poll(() => list.getByRole('option').allTextContents()).toEqual(['tools/call', 'tools/list']);
    await harness.screenshot('traffic-filter-suggestions');
    await page.keyboard.press('ArrowDown');
    expect(await list.getByRole('option', { name: 'tools/list' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    expect(await box.inputValue()).toBe('method:tools/list ');
    await list.waitFor({ state: 'detached' });
    await expect.poll(() => traffic.getByText(/^1 of [\d,]+ rows shown$/).count()).toBe(1);
    expect(harness.pageErrors).toEqual([]);
  });
});

describe('traffic: labels on an imported log (seven-digit numbers, a response shown on its own)', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('a seven-digit row number fits its column, and a response without its request shows its own time', async () => {
    const page = harness.page;
    const base = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
    const entries: TrafficEntry[] = [
      { seq: 1_234_567, serverId: 's', connectionId: 'c', direction: 'out', time: base, kind: 'request', method: 'tools/list', id: 1, size: 40, message: { jsonrpc: '2.0', id: 1, method: 'tools/list' } },
      { seq: 1_234_570, serverId: 's', connectionId: 'c', direction: 'in', time: base + 61_000, kind: 'response', id: 99, size: 36, orphan: true, message: { jsonrpc: '2.0', id: 99, result: {} } },
    ];
    const file = path.join(harness.dataDir, 'imported.jsonl');
    await writeFile(file, serializeTrafficEntries(entries));
    const traffic = page.getByRole('region', { name: 'Traffic' });
    await traffic.getByLabel('Import traffic file').setInputFiles(file);
    const grid = traffic.getByRole('grid', { name: 'Traffic log' });
    const seqCell = grid.getByRole('gridcell', { name: '1234567', exact: true });
    await seqCell.waitFor();
    expect(await seqCell.evaluate((cell) => cell.scrollWidth <= cell.clientWidth)).toBe(true);

    await grid.getByRole('gridcell', { name: '1234570', exact: true }).click();
    const detail = traffic.getByRole('region', { name: 'Message detail' });
    await detail.waitFor();
    const received = new Date(base + 61_000);
    const clock = `${String(received.getHours()).padStart(2, '0')}:${String(received.getMinutes()).padStart(2, '0')}:${String(received.getSeconds()).padStart(2, '0')}`;
    await expect.poll(() => detail.textContent()).toContain(`Received${clock}`);
    expect(await detail.textContent()).not.toContain('Started');
  });
});
