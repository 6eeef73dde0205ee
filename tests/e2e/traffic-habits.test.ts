import type { Locator } from 'playwright-core';
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
    await traffic().getByText('hidden by the Notifications chip').waitFor();
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
    await expect.poll(() => traffic().getByText(/^hidden by/).count()).toBe(0);
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
    const list = traffic.getByRole('listbox', { name: 'Filter suggestions' });
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
    await expect.poll(() => traffic.getByText(/^1 of [\d,]+ rows$/).count()).toBe(1);
    expect(harness.pageErrors).toEqual([]);
  });
});
