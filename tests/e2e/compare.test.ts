/**
 * Compare (issue 30, item 2) from the server details header: server-everything (a real server)
 * is connected as Claude Desktop and as VS Code, and the dialog shows the tools only VS Code was
 * offered (everything registers its sampling, elicitation and roots tools only for clients that
 * declare those capabilities), with each side's copy of a tool on demand.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { everythingServer, plantServers, serverItem } from './tools-helpers.js';

const SERVER = 'Everything';

describe('Compare clients', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ viewport: { width: 1366, height: 768 }, prepareDataDir: plantServers(() => [everythingServer(SERVER)]) });
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('picks two clients, compares, and shows what only one side got', async () => {
    const page = harness.page;
    await serverItem(page, SERVER).getByRole('button', { name: SERVER, exact: true }).click();
    await page.getByRole('region', { name: 'Server details' }).getByRole('button', { name: 'Compare clients…' }).click();
    const dialog = page.getByRole('dialog', { name: `Compare clients on “${SERVER}”` });
    await dialog.getByRole('combobox', { name: 'Client A' }).selectOption({ label: 'Claude Desktop' });
    await dialog.getByRole('combobox', { name: 'Client B' }).selectOption({ label: 'VS Code' });
    await dialog.getByRole('button', { name: 'Compare', exact: true }).click();

    await dialog.getByRole('status').getByText(/differences: 0 only as Claude Desktop, \d+ only as VS Code/).waitFor({ timeout: 60_000 });
    const table = dialog.getByRole('table', { name: 'What each client was offered' });
    expect(await table.getByRole('row', { name: /clientInfo/ }).textContent()).toContain('claude-ai 0.1.0');
    expect(await table.getByRole('row', { name: /clientInfo/ }).textContent()).toContain('Visual Studio Code');
    // What each client declared explains what it was offered: VS Code declares sampling, elicitation and roots.
    const declared = table.getByRole('row', { name: /^Client capabilities declared/ }).getByRole('cell');
    expect(await declared.nth(0).textContent()).toBe('extensions (io.modelcontextprotocol/ui)');
    expect(await declared.nth(1).textContent()).toMatch(/^elicitation \(.*\), extensions \(.*\), roots \(listChanged\), sampling/);
    expect(await table.getByRole('row', { name: /^Server capabilities received/ }).getByRole('cell').nth(0).textContent()).toContain('tools (listChanged)');

    const onlyB = dialog.getByRole('list', { name: 'Only as VS Code' });
    const rootsRow = onlyB.getByRole('listitem').filter({ hasText: 'tool get-roots-list' });
    await rootsRow.getByText('Only VS Code was offered the tool "get-roots-list".').waitFor();
    expect(await dialog.getByRole('list', { name: 'Only as Claude Desktop' }).count()).toBe(0);
    await harness.screenshot('compare-clients');

    await rootsRow.getByText('Show both').click();
    await rootsRow.getByText('A: Claude Desktop: not offered.').waitFor();
    await rootsRow.getByText('B: VS Code', { exact: true }).waitFor();
    await harness.screenshot('compare-clients-both');

    // Both temporary sessions are gone; the server's own connection was never opened.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await serverItem(page, SERVER).getByRole('button', { name: 'Connect', exact: true }).count()).toBe(1);
    // Each session's traffic is in the log, opened by a note naming its side.
    const traffic = page.getByRole('region', { name: 'Traffic' });
    await traffic.getByRole('combobox', { name: 'Filter traffic' }).fill('kind:note');
    const grid = traffic.getByRole('grid', { name: 'Traffic log' });
    await grid.getByRole('row', { name: /Compare, side A: a temporary session presenting as Claude Desktop/ }).waitFor();
    await grid.getByRole('row', { name: /Compare, side B: a temporary session presenting as VS Code/ }).waitFor();
    expect(harness.pageErrors).toEqual([]);
  });
});
