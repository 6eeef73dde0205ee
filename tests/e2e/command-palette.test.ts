/**
 * The command palette (issue 37): Ctrl+K or Ctrl+Shift+P, then a name, reaches an action without
 * the mouse; on the demo server over the real core.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';

const DEMO_SERVER = 'Everything (demo)';

describe('the command palette', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ viewport: { width: 1366, height: 768 } });
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('connects the selected server and switches views by name, from the keyboard', async () => {
    const { page } = harness;
    const item = page.getByRole('region', { name: 'Servers' }).getByRole('listitem', { name: DEMO_SERVER });
    await item.waitFor();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const field = palette.getByRole('combobox', { name: 'Command' });
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    await field.fill('server conn');
    expect(await palette.getByRole('option').allInnerTexts()).toEqual(['Server: Connect', 'Server: Disconnect']);
    await harness.screenshot('command-palette-1366');
    await field.press('Enter');
    await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await palette.count()).toBe(0);

    await page.keyboard.press('Control+Shift+P');
    await field.fill('logs');
    await field.press('Enter');
    await expect.poll(() => page.getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name: 'Logs' }).getAttribute('aria-selected')).toBe('true');

    // The header's button opens it too; Escape closes it and runs nothing.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.getByRole('banner').getByRole('button', { name: 'Commands' }).click();
    await field.fill('view');
    await harness.screenshot('command-palette-1920');
    await field.press('Escape');
    expect(await palette.count()).toBe(0);
    expect(await page.getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name: 'Logs' }).getAttribute('aria-selected')).toBe('true');
    expect(harness.pageErrors).toEqual([]);
  });
});
