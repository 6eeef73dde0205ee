import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';

const DEMO_SERVER = 'Everything (demo)';

describe('editing a connected server says the connection still uses the old settings', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('the card names what changed and offers Reconnect to apply, which applies it', async () => {
    const { page } = harness;
    const item = page.getByRole('region', { name: 'Servers' }).getByRole('listitem', { name: DEMO_SERVER });
    await item.getByRole('button', { name: 'Connect', exact: true }).click();
    await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });

    await item.getByRole('button', { name: `Edit ${DEMO_SERVER}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit “${DEMO_SERVER}”` });
    await dialog.getByRole('button', { name: 'Add variable' }).click();
    await dialog.getByRole('textbox', { name: 'Variable 1 name' }).fill('LOUPE_E2E_MARK');
    await dialog.getByRole('textbox', { name: 'Variable 1 value' }).fill('edited');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const stale = item.getByRole('status').filter({ hasText: 'Edited since it connected' });
    await stale.waitFor();
    expect(await stale.textContent()).toContain('the connection still uses the old environment');
    await harness.screenshot('server-edited-while-connected');

    await stale.getByRole('button', { name: 'Reconnect to apply' }).click();
    await stale.waitFor({ state: 'detached', timeout: 30_000 });
    await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });

    // The new connection runs with the variable: the demo server's get-env tool shows it.
    const tools = page.getByRole('region', { name: 'Tools' });
    await tools.getByRole('option', { name: 'get-env', exact: true }).click();
    await tools.getByRole('button', { name: 'Run tool' }).click();
    await tools.getByText('LOUPE_E2E_MARK', { exact: false }).first().waitFor({ timeout: 30_000 });
    expect(harness.pageErrors).toEqual([]);
  });
});
