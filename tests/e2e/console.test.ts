import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { callTool, connectServer, fixtureServer, openDirectBridge, plantServers, type DirectBridge } from './traffic-helpers.js';

const FIXTURE = 'Fixture';
const OTHER = 'Other';

describe('console: the selected server’s stderr, searchable and copyable', () => {
  let harness: Harness;
  let bridge: DirectBridge;

  beforeAll(async () => {
    harness = await startHarness({
      prepareDataDir: plantServers([
        fixtureServer('fixture', FIXTURE, ['--stderr', 'fixture: ready on stdio', '--stderr', 'warning: cache miss for <b>key</b>']),
        fixtureServer('other', OTHER, ['--stderr', 'other server: hello']),
      ]),
    });
    await harness.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    bridge = await openDirectBridge(harness.page);
  });

  afterAll(async () => {
    bridge?.close();
    await harness?.close();
  });

  const consoleRegion = () => harness.page.getByRole('region', { name: 'Console' });
  const lines = () => consoleRegion().getByRole('listbox', { name: 'stderr lines' }).getByRole('option');
  const clipboard = () => harness.page.evaluate<string>('navigator.clipboard.readText()');

  test('shows only the selected server’s stderr lines, as they arrive', async () => {
    const page = harness.page;
    await connectServer(page, FIXTURE);
    await connectServer(page, OTHER);
    await page.getByRole('region', { name: 'Servers' }).getByRole('button', { name: FIXTURE, exact: true }).click();
    await page.getByRole('tab', { name: 'Console' }).click();
    await expect.poll(() => lines().count()).toBe(2);
    expect(await lines().allTextContents()).toEqual([
      expect.stringContaining('fixture: ready on stdio'),
      expect.stringContaining('warning: cache miss for <b>key</b>'),
    ]);
    // Server text is shown as text: no <b> element was created from it.
    expect(await lines().nth(1).locator('b').count()).toBe(0);

    await callTool(bridge, 'fixture', 'crash');
    await expect.poll(() => lines().count()).toBe(3);
    expect(await lines().nth(2).textContent()).toContain('about to crash');
    await consoleRegion().getByText('3 lines').waitFor();
  });

  test('the other server’s console holds its own lines', async () => {
    const page = harness.page;
    await page.getByRole('region', { name: 'Servers' }).getByRole('button', { name: OTHER, exact: true }).click();
    await expect.poll(() => lines().allTextContents()).toEqual([expect.stringContaining('other server: hello')]);
    await page.getByRole('region', { name: 'Servers' }).getByRole('button', { name: FIXTURE, exact: true }).click();
    await expect.poll(() => lines().count()).toBe(3);
  });

  test('search keeps matching lines and highlights the matches', async () => {
    const search = consoleRegion().getByRole('combobox', { name: 'Search console' });
    await search.fill('CACHE');
    await expect.poll(() => lines().count()).toBe(1);
    await consoleRegion().getByText('1 of 3 lines').waitFor();
    expect(await lines().first().locator('mark').allTextContents()).toEqual(['cache']);
    await harness.screenshot('console-search');
    await search.fill('nothing like this');
    await consoleRegion().getByText('No line matches “nothing like this”.').waitFor();
    await search.fill('');
    await expect.poll(() => lines().count()).toBe(3);
  });

  test('copy all, copy a selected range (click, Shift+click), and the keyboard', async () => {
    const page = harness.page;
    await consoleRegion().getByRole('button', { name: 'Copy all lines' }).click();
    expect(await clipboard()).toBe('fixture: ready on stdio\nwarning: cache miss for <b>key</b>\nabout to crash');

    await lines().nth(1).click();
    await lines().nth(2).click({ modifiers: ['Shift'] });
    await expect.poll(() => lines().evaluateAll((options) => options.map((option) => option.getAttribute('aria-selected')))).toEqual([
      'false',
      'true',
      'true',
    ]);
    await consoleRegion().getByRole('button', { name: 'Copy selected lines' }).click();
    expect(await clipboard()).toBe('warning: cache miss for <b>key</b>\nabout to crash');

    const list = consoleRegion().getByRole('listbox', { name: 'stderr lines' });
    await list.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => lines().first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => consoleRegion().getByRole('button', { name: 'Copy selected lines' }).textContent()).toBe('Copy 2 lines');
    await page.keyboard.press('ControlOrMeta+a');
    await expect.poll(() => consoleRegion().getByRole('button', { name: 'Copy selected lines' }).textContent()).toBe('Copy 3 lines');
    await page.keyboard.press('ControlOrMeta+c');
    await expect.poll(clipboard).toBe('fixture: ready on stdio\nwarning: cache miss for <b>key</b>\nabout to crash');
    await page.keyboard.press('Escape');

    await harness.screenshot('console');
    await page.emulateMedia({ colorScheme: 'dark' });
    await harness.screenshot('console-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(harness.pageErrors).toEqual([]);
  });
});
