import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { connectServer, openTab, runTool, selectServer, toolResultText } from './approvals-helpers.js';
import { startHarness, type Harness } from './harness.js';
import { callTool, fixtureServer, openDirectBridge, plantServers } from './traffic-helpers.js';

const DEMO = 'Everything (demo)';
const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

describe('logs: level and messages of the selected server', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
    await connectServer(harness.page, DEMO);
    await selectServer(harness.page, DEMO);
  });

  afterAll(async () => {
    await harness?.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await harness.screenshot(`debug-logs-${context.task.name.slice(0, 24)}`);
  });

  const logs = () => harness.page.getByRole('region', { name: 'Logs' });
  const rows = () => logs().getByRole('listbox', { name: 'Log messages' }).getByRole('option');

  test('the server’s own log line (roots sync at connect) is listed with its logger', async () => {
    await openTab(harness.page, 'Logs');
    const roots = rows().filter({ hasText: 'Roots updated' });
    await roots.first().waitFor({ timeout: 15_000 });
    expect(await roots.first().textContent()).toContain('everything-server');
    expect(await roots.first().textContent()).toMatch(/^\d\d:\d\d:\d\d\.\d{3}info/);
  });

  test('setting the level sends logging/setLevel; simulated logging fills the list with coloured levels', async () => {
    const page = harness.page;
    const level = logs().getByRole('combobox', { name: 'Server log level' });
    await level.selectOption('debug');
    await expect.poll(() => level.inputValue()).toBe('debug');
    await page.getByRole('region', { name: 'Traffic' }).getByText('logging/setLevel').first().waitFor();

    await runTool(page, 'toggle-simulated-logging');
    expect(await toolResultText(page)).toContain('Started simulated');
    await openTab(page, 'Logs');
    // One message at once, then one every 5 s, at a random level.
    await expect.poll(() => rows().count(), { timeout: 20_000, interval: 500 }).toBeGreaterThanOrEqual(4);

    const badges = await rows().evaluateAll((options) =>
      options.map((option) => {
        const badge = option.querySelector('.log-level');
        return { level: badge?.textContent ?? '', color: badge ? getComputedStyle(badge).backgroundColor : '' };
      }),
    );
    for (const badge of badges) expect(LEVELS).toContain(badge.level);
    const colorOf = new Map(badges.map((badge) => [badge.level, badge.color]));
    // Each level has its own colour.
    expect(new Set(colorOf.values()).size).toBe(colorOf.size);
    await harness.screenshot('logs');
  });

  test('the detail shows the whole data; the minimum level and the text filter narrow the list', async () => {
    const page = harness.page;
    await rows().first().click();
    const detail = logs().getByRole('region', { name: 'Log message detail' });
    expect(await detail.getByLabel('Log data').textContent()).toMatch(/message|Roots updated/);

    const filter = logs().getByRole('combobox', { name: 'Filter logs' });
    await filter.fill('Roots updated');
    await expect.poll(() => rows().count()).toBe(1);
    await filter.fill('');

    await logs().getByRole('combobox', { name: 'Show messages from level' }).selectOption({ label: 'Show error and above' });
    await expect
      .poll(async () => {
        const shown = await rows().allTextContents();
        return shown.every((text) => /(error|critical|alert|emergency)/.test(text.slice(12, 24)));
      })
      .toBe(true);
    await logs().getByRole('combobox', { name: 'Show messages from level' }).selectOption({ label: 'Show all levels' });

    await runTool(page, 'toggle-simulated-logging');
    // The previous run's result may still be on screen for a moment after Run.
    await expect.poll(() => toolResultText(page)).toContain('Stopped simulated');
    expect(harness.pageErrors).toEqual([]);
  });
});

describe('logs: a flood beyond the Keep setting', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ prepareDataDir: plantServers([fixtureServer('fixture', 'Fixture')]) });
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('keeps as many messages as the traffic log, and says how many older ones it dropped', async () => {
    const page = harness.page;
    await page.getByRole('region', { name: 'Traffic' }).getByRole('combobox', { name: 'Entries to keep' }).selectOption('10000');
    await connectServer(page, 'Fixture');
    await selectServer(page, 'Fixture');
    const bridge = await openDirectBridge(page);
    try {
      await callTool(bridge, 'fixture', 'flood', { count: 12_000 });
    } finally {
      bridge.close();
    }
    await openTab(page, 'Logs');
    const logs = page.getByRole('region', { name: 'Logs' });
    const note = logs.getByRole('note').filter({ hasText: 'older dropped' });
    await note.waitFor({ timeout: 30_000 });
    expect(await note.textContent()).toMatch(/^[\d,]+ older dropped \(keeps the newest 10,000, the traffic log's Keep\)$/);
    await expect.poll(async () => (await logs.getByText(/^[\d,]+ messages$/).textContent()) ?? '').toBe('10,000 messages');
    await harness.screenshot('logs-dropped');
  });
});
