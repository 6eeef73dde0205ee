import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';

describe('browser mode when the host goes away', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('a banner says the connection was lost, and actions fail with that reason', async () => {
    const page = harness.page;
    const servers = page.getByRole('region', { name: 'Servers' });
    const item = servers.getByRole('listitem', { name: 'Everything (demo)' });
    await item.waitFor();
    expect(await page.getByText('Lost connection to the Loupe host').count()).toBe(0);

    await harness.killHost();
    const banner = page.getByRole('alert').filter({ hasText: 'Lost connection to the Loupe host' });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Retry now' }).waitFor();

    await item.getByRole('button', { name: 'Connect', exact: true }).click();
    await item.getByRole('alert').filter({ hasText: 'Lost connection to the Loupe host' }).waitFor();
    await harness.screenshot('host-lost');
  });
});
