import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';

const MISSING_COMMAND = 'loupe-e2e-no-such-command';

describe('servers: notices, the server form, failures and removal (dark theme)', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({
      colorScheme: 'dark',
      // A broken server list: the core moves it aside and tells the user with a notice.
      prepareDataDir: (dataDir) => writeFile(path.join(dataDir, 'servers.json'), '{ not json'),
    });
  });

  afterAll(async () => {
    await harness?.close();
  });

  const servers = () => harness.page.getByRole('region', { name: 'Servers' });

  test('a start-up notice is shown and can be dismissed', async () => {
    const notice = harness.page.getByRole('status').filter({ hasText: 'servers.json' });
    await notice.waitFor();
    await expect.poll(() => notice.textContent()).toContain('was not loaded');
    await servers().getByRole('listitem', { name: 'Everything (demo)' }).waitFor();
    await harness.screenshot('notice-dark');
    await notice.getByRole('button', { name: 'Dismiss notice' }).click();
    await notice.waitFor({ state: 'detached' });
  });

  test('the form validates before saving, and Escape closes it', async () => {
    const page = harness.page;
    await servers().getByRole('button', { name: 'Add server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add server' });
    await dialog.waitFor();
    const name = dialog.getByRole('textbox', { name: 'Name', exact: true });
    await expect.poll(() => name.evaluate((element) => element.matches(':focus'))).toBe(true);

    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter a name for this server.').waitFor();
    await dialog.getByText('Enter the command that starts the server.').waitFor();

    await dialog.getByRole('radio', { name: 'Streamable HTTP' }).check();
    await name.fill('Remote');
    const url = dialog.getByRole('textbox', { name: 'URL' });
    await url.fill('ftp://example.com/mcp');
    await url.press('Enter');
    await dialog.getByText('The URL must start with http:// or https://.').waitFor();
    await harness.screenshot('server-form-dark');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await servers().getByRole('listitem').count()).toBe(1);
  });

  test('a server whose command does not exist fails with a clear sentence', async () => {
    const page = harness.page;
    await servers().getByRole('button', { name: 'Add server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add server' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Broken');
    await dialog.getByRole('textbox', { name: 'Command', exact: true }).fill(MISSING_COMMAND);
    await dialog.getByRole('textbox', { name: 'Command arguments' }).fill('--flag\nvalue');
    await dialog.getByRole('button', { name: 'Add variable' }).click();
    await dialog.getByRole('textbox', { name: 'Variable 1 name' }).fill('API_TOKEN');
    await dialog.getByRole('textbox', { name: 'Variable 1 value' }).fill('s3cret');
    await dialog.getByRole('checkbox', { name: 'Variable 1 is secret' }).check();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).press('Enter');
    await dialog.waitFor({ state: 'hidden' });

    const item = servers().getByRole('listitem', { name: 'Broken' });
    await item.getByRole('button', { name: 'Connect', exact: true }).click();
    await item.getByText('Failed', { exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => item.textContent()).toContain(MISSING_COMMAND);
    await harness.screenshot('server-failed-dark');
  });

  test('editing shows the saved values, secret flag included', async () => {
    const page = harness.page;
    await servers().getByRole('button', { name: 'Edit Broken' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit “Broken”' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Command', exact: true }).inputValue()).toBe(MISSING_COMMAND);
    expect(await dialog.getByRole('textbox', { name: 'Command arguments' }).inputValue()).toBe('--flag\nvalue');
    expect(await dialog.getByRole('checkbox', { name: 'Variable 1 is secret' }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('Variable 1 value').getAttribute('type')).toBe('password');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  test('removing asks for confirmation first', async () => {
    const item = servers().getByRole('listitem', { name: 'Broken' });
    await item.getByRole('button', { name: 'Remove Broken' }).click();
    await item.getByRole('button', { name: 'Cancel' }).click();
    await item.getByRole('button', { name: 'Remove Broken' }).click();
    await item.getByRole('button', { name: 'Remove', exact: true }).click();
    await item.waitFor({ state: 'detached' });
    expect(await servers().getByRole('listitem').count()).toBe(1);
    expect(harness.pageErrors).toEqual([]);
  });
});
