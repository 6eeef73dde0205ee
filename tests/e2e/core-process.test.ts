import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';

const DEMO_SERVER = 'Everything (demo)';

describe('the core dies under the window: it says so and restarts', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('a killed core is reported with its reason and a Restart button; the window keeps working', async () => {
    const { page } = harness;
    const servers = page.getByRole('region', { name: 'Servers' });
    const item = servers.getByRole('listitem', { name: DEMO_SERVER });
    await item.getByRole('button', { name: 'Connect', exact: true }).click();
    await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });

    const firstPid = await harness.corePid();
    process.kill(firstPid, 'SIGKILL');

    const banner = page.getByRole('alert').filter({ hasText: 'Core stopped' });
    await banner.waitFor({ timeout: 10_000 });
    expect(await banner.textContent()).toContain("Loupe's core process was stopped by SIGKILL");
    // The host still serves the page and the server list is still there, no longer claiming a live connection.
    await item.getByText("Loupe's core stopped, and this connection with it.").waitFor();
    await harness.screenshot('core-stopped');

    await banner.getByRole('button', { name: 'Restart core' }).click();
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await harness.corePid()).not.toBe(firstPid);

    // The new core starts with every server disconnected; connecting works again.
    await item.getByRole('button', { name: 'Connect', exact: true }).click();
    await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: 'Tools' }).getByRole('option', { name: 'echo', exact: true }).waitFor({ timeout: 30_000 });
    expect(harness.pageErrors.filter((error) => !error.includes('WebSocket'))).toEqual([]);
    expect(await page.getByText('Could not load the app state').count()).toBe(0);
  });
});
