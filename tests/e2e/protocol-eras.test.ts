import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
import { connectServer, EVERYTHING_2026, everythingServer, plantServers, selectServer, serverItem } from './approvals-helpers.js';
import { startHarness, type Harness } from './harness.js';

const AUTO = 'Everything (Auto)';
const PINNED = 'Everything (pinned Modern)';

/** server-everything 2026.8.31 speaks the 2025 protocols only, whatever its version number says. */
function pinnedModern(): ServerConfig {
  return { ...everythingServer('everything-pinned', PINNED, EVERYTHING_2026), era: 'modern' };
}

describe('protocol eras against a 2025-only server', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ prepareDataDir: plantServers([everythingServer('everything-auto', AUTO, EVERYTHING_2026), pinnedModern()]) });
  });

  afterAll(async () => {
    await harness?.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await harness.screenshot(`debug-eras-${context.task.name.slice(0, 20)}`);
  });

  const details = () => harness.page.getByRole('region', { name: 'Server details' });
  const traffic = () => harness.page.getByRole('region', { name: 'Traffic' });
  const bodyRows = () => traffic().getByRole('grid', { name: 'Traffic log' }).getByRole('row').filter({ hasNot: harness.page.getByRole('columnheader') });

  test('Auto probes with server/discover, shows the probe, and falls back to 2025-11-25', async () => {
    const page = harness.page;
    await selectServer(page, AUTO);
    await connectServer(page, AUTO);
    await expect.poll(() => details().textContent()).toContain('2025-11-25');
    const negotiation = (await details().textContent()) ?? '';
    expect(negotiation).toContain('legacy era (initialize)');
    expect(negotiation).toMatch(/Probed with server\/discover: the server answered it with error -?\d+.*fell back to initialize \(2025-11-25\)/);

    const probe = bodyRows().filter({ has: page.getByRole('gridcell', { name: 'server/discover', exact: true }) });
    await probe.first().waitFor();
    // The fallback worked as designed: the row says it was the probe, not a red error (issue 24).
    await expect.poll(() => probe.first().textContent()).toContain('probe: 2025 server');
    // The header names the server as the person named it, not as it calls itself (issue 24).
    expect(await details().getByRole('heading', { level: 2 }).textContent()).toBe(AUTO);
    const note = bodyRows().filter({ hasText: 'fell back to initialize' });
    await note.first().waitFor();
    expect(await note.first().textContent()).toContain('Loupe');
    await harness.screenshot('era-auto-fallback');
  });

  test('Modern pinned against a 2025 server fails with a sentence, not a stack trace', async () => {
    const page = harness.page;
    await selectServer(page, PINNED);
    const item = serverItem(page, PINNED);
    await item.getByRole('button', { name: 'Connect', exact: true }).click();
    await item.getByText('Failed', { exact: true }).waitFor({ timeout: 30_000 });
    const text = (await details().textContent()) ?? '';
    expect(text).toContain('The server does not speak 2026-07-28');
    expect(text).toContain('Set Protocol era to Auto or Legacy');
    expect(text).not.toMatch(/\n\s+at /);
    expect(harness.pageErrors).toEqual([]);
  });

  test('the server form says what each era does, and saves the choice', async () => {
    const page = harness.page;
    await page.getByRole('region', { name: 'Servers' }).getByRole('button', { name: `Edit ${PINNED}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit “${PINNED}”` });
    const era = dialog.getByRole('group', { name: 'Protocol era' });
    expect(await era.getByRole('radio', { name: 'Modern (2026-07-28)' }).isChecked()).toBe(true);
    expect(await era.textContent()).toContain('a server that does not offer it fails to connect');
    await era.getByRole('radio', { name: 'Legacy (2025)' }).check();
    expect(await era.textContent()).toContain('Connects with initialize only');
    await dialog.getByRole('textbox', { name: 'Connect within (seconds)' }).fill('5');
    await harness.screenshot('era-server-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('region', { name: 'Servers' }).getByRole('button', { name: `Edit ${PINNED}` }).click();
    expect(await dialog.getByRole('textbox', { name: 'Connect within (seconds)' }).inputValue()).toBe('5');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await serverItem(page, PINNED).getByRole('button', { name: 'Connect', exact: true }).click();
    await serverItem(page, PINNED).getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => details().textContent()).toContain('Legacy is set for this server: connected with initialize (2025-11-25), without a probe.');
  });
});
