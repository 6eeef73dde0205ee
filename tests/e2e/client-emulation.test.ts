/**
 * Client emulation (issue 30, item 2) from the server form: "Present as" a preset is saved with
 * the server, and the server (server-everything, a real one) then receives that client's
 * clientInfo in initialize; a custom client's fields are checked before saving.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { everythingServer, plantServers, serverItem } from './tools-helpers.js';

const SERVER = 'Everything';

describe('client emulation: Present as', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ prepareDataDir: plantServers(() => [everythingServer(SERVER)]) });
  });

  afterAll(async () => {
    await harness?.close();
  });

  const openForm = async () => {
    await serverItem(harness.page, SERVER).getByRole('button', { name: `Edit ${SERVER}` }).click();
    return harness.page.getByRole('dialog', { name: `Edit “${SERVER}”` });
  };

  test('a custom client with a bad field is refused, a preset is saved, and the server is told that client', async () => {
    const page = harness.page;
    let dialog = await openForm();
    const presentAs = dialog.getByRole('combobox', { name: 'Present as' });
    expect(await presentAs.inputValue()).toBe('loupe');
    await presentAs.selectOption({ label: 'Custom client…' });
    const custom = dialog.getByRole('group', { name: 'Custom client' });
    await custom.getByRole('textbox', { name: 'Client name' }).fill('my-client');
    await custom.getByRole('textbox', { name: 'Protocol revisions' }).fill('latest');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await custom.getByText('“latest” is not a protocol revision (YYYY-MM-DD).').waitFor();
    await custom.getByText('Enter the client’s version, as clientInfo.version.').waitFor();
    await harness.screenshot('client-emulation-custom');

    await presentAs.selectOption({ label: 'Claude Code' });
    await dialog.getByText(/clientInfo claude-code 2\.1\.237/).waitFor();
    await harness.screenshot('client-emulation-preset');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Saved with the server: the form opens on it again.
    dialog = await openForm();
    expect(await dialog.getByRole('combobox', { name: 'Present as' }).inputValue()).toBe('claude-code');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const item = serverItem(page, SERVER);
    await item.getByRole('button', { name: 'Connect', exact: true }).click();
    await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
    const traffic = page.getByRole('region', { name: 'Traffic' });
    await traffic.getByRole('combobox', { name: 'Filter traffic' }).fill('method:initialize');
    const row = traffic.getByRole('grid', { name: 'Traffic log' }).getByRole('row', { name: /initialize/ }).first();
    await row.click();
    const detail = traffic.getByRole('region', { name: 'Message detail' });
    await expect.poll(() => detail.textContent()).toContain('"claude-code"');
    expect(await detail.textContent()).not.toContain('"mcp-loupe"');
  });
});
