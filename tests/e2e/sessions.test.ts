/**
 * The traffic record on disk, as a person meets it: a second host on the same data folder lists
 * the first one's session under Sessions…, and opens it read-only with its traffic as it was.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { connectServer, fixtureServer, plantServers, result, runWithJson, selectTool } from './tools-helpers.js';

describe('saved sessions', () => {
  let dataDir: string;
  let harness: Harness | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'loupe-e2e-sessions-'));
    await plantServers(() => [fixtureServer('Fixture')])(dataDir);
  });
  afterAll(async () => {
    await harness?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('an earlier session is listed and opens read-only with its traffic; the live log comes back', async () => {
    harness = await startHarness({ dataDir });
    let page = harness.page;
    const tools = await connectServer(page, 'Fixture');
    await selectTool(tools, 'echo');
    await runWithJson(tools, { message: 'said in the first session' });
    await result(tools).getByText('Success', { exact: true }).waitFor();
    await harness.close();

    harness = await startHarness({ dataDir });
    page = harness.page;
    const traffic = page.getByRole('region', { name: 'Traffic' });
    await traffic.getByRole('button', { name: 'Sessions…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Saved sessions' });
    const table = dialog.getByRole('table', { name: 'Saved sessions' });
    await expect.poll(() => table.getByRole('row').count()).toBe(3); // the header, this session, the first
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Disk budget' }).inputValue()).toBe(String(1024 * 1024 * 1024));
    // This session cannot be deleted while it records; the first one can.
    expect(await dialog.getByRole('button', { name: /^Delete This session/ }).count()).toBe(0);
    await page.screenshot({ path: 'test-results/sessions-dialog.png' });
    await dialog.getByRole('button', { name: /^Open Session of / }).click();

    const banner = traffic.getByRole('status', { name: 'Imported traffic' });
    await banner.getByText('Saved session').waitFor();
    await banner.getByText(/entries · read-only/).waitFor();
    const grid = traffic.getByRole('grid', { name: 'Traffic log' });
    await grid.getByRole('row').filter({ hasText: 'echo' }).first().waitFor();
    await page.screenshot({ path: 'test-results/sessions-open.png' });
    expect(await grid.getByRole('row').filter({ hasText: 'tools/call' }).count()).toBeGreaterThan(0);

    await banner.getByRole('button', { name: 'Back to live traffic' }).click();
    await expect.poll(() => traffic.getByRole('status', { name: 'Imported traffic' }).count()).toBe(0);
    expect(harness.pageErrors).toEqual([]);
  });
});
