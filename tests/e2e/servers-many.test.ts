/**
 * The Servers list with 18 servers at 1366×768: a filter box over the names, Import and Add server
 * that stay in view, a new server scrolled into view and selected, the next server selected after
 * a Remove, and a failed server's reason in the main pane.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ServerConfigInput } from '../../shared/server-config.js';
import { startHarness, type Harness } from './harness.js';
import { fixtureServer, plantServers } from './tools-helpers.js';

const MISSING_COMMAND = 'loupe-e2e-no-such-command';
const names = Array.from({ length: 17 }, (_, index) => `Server ${String(index + 1).padStart(2, '0')}`);

/** True when the element's box lies inside the sidebar's visible part. */
async function inSidebarView(page: Page, element: Locator): Promise<boolean> {
  const sidebar = await page.getByRole('navigation', { name: 'Sidebar' }).boundingBox();
  const box = await element.boundingBox();
  if (!sidebar || !box) return false;
  return box.y >= sidebar.y - 1 && box.y + box.height <= sidebar.y + sidebar.height + 1;
}

describe('the Servers list with 18 servers', () => {
  let harness: Harness;

  beforeAll(async () => {
    const broken: ServerConfigInput = { name: 'Broken', transport: { type: 'stdio', command: MISSING_COMMAND, args: [], env: [] } };
    harness = await startHarness({
      viewport: { width: 1366, height: 768 },
      prepareDataDir: plantServers(() => [...names.map((name) => fixtureServer(name)), broken]),
    });
  });

  afterAll(async () => {
    await harness?.close();
  });

  const servers = () => harness.page.getByRole('region', { name: 'Servers' });
  const item = (name: string) => servers().getByRole('listitem', { name, exact: true });
  const selectedName = () => servers().locator('button[aria-current="true"]').textContent();

  test('a filter box narrows the list by name', async () => {
    await item('Server 01').waitFor();
    const filter = servers().getByRole('combobox', { name: 'Filter servers' });
    await filter.fill('name:brok');
    await expect.poll(() => servers().getByRole('list', { name: 'Server list' }).getByRole('listitem').count()).toBe(1);
    await item('Broken').waitFor();
    await filter.fill('nothing-like-this');
    await servers().getByText('No server matches “nothing-like-this”.').waitFor();
    await filter.fill('');
    await expect.poll(() => servers().getByRole('list', { name: 'Server list' }).getByRole('listitem').count()).toBe(18);
  });

  test('Import and Add server stay in view when the list scrolls', async () => {
    const page = harness.page;
    await page.getByRole('navigation', { name: 'Sidebar' }).evaluate((sidebar) => sidebar.scrollTo(0, sidebar.scrollHeight));
    await expect.poll(() => inSidebarView(page, item('Broken'))).toBe(true);
    expect(await inSidebarView(page, item('Server 01'))).toBe(false);
    expect(await inSidebarView(page, servers().getByRole('button', { name: 'Add server' }))).toBe(true);
    expect(await inSidebarView(page, servers().getByRole('button', { name: 'Import', exact: true }))).toBe(true);
    await harness.screenshot('servers-18-scrolled');
  });

  test('a new server is selected and scrolled into view', async () => {
    const page = harness.page;
    await page.getByRole('navigation', { name: 'Sidebar' }).evaluate((sidebar) => sidebar.scrollTo(0, 0));
    await servers().getByRole('button', { name: 'Add server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add server' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Zeta new');
    await dialog.getByRole('textbox', { name: 'Command', exact: true }).fill(MISSING_COMMAND);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(selectedName).toBe('Zeta new');
    await expect.poll(() => inSidebarView(page, item('Zeta new'))).toBe(true);
  });

  test('after Remove the next server is selected, not the first', async () => {
    await item('Server 09').getByRole('button', { name: 'Server 09', exact: true }).click();
    await item('Server 09').getByRole('button', { name: 'Remove Server 09' }).click();
    await item('Server 09').getByRole('button', { name: 'Remove', exact: true }).click();
    await item('Server 09').waitFor({ state: 'detached' });
    await expect.poll(selectedName).toBe('Server 10');
  });

  test('a failed server says why in the main pane, not only "Connect it"', async () => {
    const page = harness.page;
    const broken = item('Broken');
    await broken.getByRole('button', { name: 'Broken', exact: true }).click();
    await broken.getByRole('button', { name: 'Connect', exact: true }).click();
    await broken.getByText('Failed', { exact: true }).waitFor({ timeout: 30_000 });
    const tools = page.getByRole('region', { name: 'Tools', exact: true });
    await expect.poll(() => tools.getByRole('alert').textContent()).toContain('Broken could not connect:');
    expect(await tools.getByRole('alert').textContent()).toContain(MISSING_COMMAND);
    await harness.screenshot('servers-18-failed');
    expect(harness.pageErrors).toEqual([]);
  });
});
