/**
 * After a restart on the same data folder, a server signed in before still has its tokens: the
 * Auth tab says so in one consistent way, not "Signed in" beside "No sign-in yet".
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
// @ts-expect-error a plain .mjs fixture without types
import { startOAuthFixture } from '../fixtures/oauth-server.mjs';
import { startHarness, type Harness } from './harness.js';
import { serverItem } from './tools-helpers.js';
import { plantServers } from './traffic-helpers.js';

const NAME = 'OAuth fixture';

describe('the Auth tab after a restart', () => {
  let harness: Harness | undefined;
  let fixture: { url: string; close(): Promise<void> };
  let dataDir: string;

  beforeAll(async () => {
    fixture = (await startOAuthFixture()) as typeof fixture;
    dataDir = await mkdtemp(path.join(tmpdir(), 'loupe-e2e-auth-restart-'));
    const server: ServerConfig = {
      id: 'oauth-fixture',
      name: NAME,
      transport: { type: 'streamable-http', url: fixture.url, headers: [] },
      auth: { authorizeWith: 'http-get' },
    };
    await plantServers([server])(dataDir);
  });

  afterAll(async () => {
    await harness?.close();
    await fixture?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('says the sign-in was kept from an earlier run, without "No sign-in yet"', async () => {
    harness = await startHarness({ dataDir });
    let page = harness.page;
    let item = serverItem(page, NAME);
    await item.getByRole('button', { name: NAME, exact: true }).click();
    await item.getByRole('button', { name: 'Connect', exact: true }).click();
    await item.getByRole('button', { name: 'Sign in', exact: true }).click();
    await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
    await harness.close();

    harness = await startHarness({ dataDir });
    page = harness.page;
    item = serverItem(page, NAME);
    await item.getByRole('button', { name: NAME, exact: true }).click();
    await page.getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name: 'Auth', exact: true }).click();
    const auth = page.getByRole('region', { name: 'Auth', exact: true });
    await auth.getByText(/^Signed in earlier: the tokens were kept/).waitFor();
    expect(await auth.textContent()).not.toContain('No sign-in yet');
    expect(await auth.getByText('Signed in', { exact: true }).count()).toBe(1);
    await harness.screenshot('auth-after-restart');
    expect(harness.pageErrors).toEqual([]);
  });
});
