/**
 * What the window remembers lives in the data folder: a second host on the same folder (a new
 * origin in browser mode, so a new localStorage) still shows the run history, the panel size and
 * the hidden traffic columns of the first.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { connectServer, fixtureServer, plantServers, result, runWithJson, selectTool } from './tools-helpers.js';

describe('the window remembers across hosts through the data folder', () => {
  let dataDir: string;
  let harness: Harness | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'loupe-e2e-ui-state-'));
    await plantServers(() => [fixtureServer('Fixture')])(dataDir);
  });
  afterAll(async () => {
    await harness?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('run history, traffic panel height and hidden columns come back on a new host', async () => {
    harness = await startHarness({ dataDir });
    let page = harness.page;
    const tools = await connectServer(page, 'Fixture');
    await selectTool(tools, 'echo');
    await runWithJson(tools, { message: 'remember me' });
    await result(tools).getByText('Success', { exact: true }).waitFor();
    const splitter = page.getByRole('separator', { name: 'Resize traffic panel' });
    await splitter.focus();
    await page.keyboard.press('Home');
    const height = await splitter.getAttribute('aria-valuenow');
    const header = page.getByRole('grid', { name: 'Traffic log' }).getByRole('columnheader', { name: 'Latency' });
    await header.click({ button: 'right' });
    const menu = page.getByRole('menu', { name: 'Columns' });
    await menu.getByRole('menuitemcheckbox', { name: 'Latency' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => header.count()).toBe(0);
    // Saved in the data folder, not only in this origin's storage.
    await expect.poll(async () => readFile(path.join(dataDir, 'ui-state.json'), 'utf8').catch(() => '')).toContain('remember me');
    await harness.close();

    harness = await startHarness({ dataDir });
    page = harness.page;
    await expect.poll(() => page.getByRole('separator', { name: 'Resize traffic panel' }).getAttribute('aria-valuenow')).toBe(height);
    expect(await page.getByRole('grid', { name: 'Traffic log' }).getByRole('columnheader', { name: 'Latency' }).count()).toBe(0);
    const again = await connectServer(page, 'Fixture');
    await selectTool(again, 'echo');
    await again.getByText(/Recent runs/).click();
    await again.getByRole('list', { name: 'Recent runs' }).getByRole('listitem').filter({ hasText: 'remember me' }).waitFor();
    expect(harness.pageErrors).toEqual([]);
  });
});
