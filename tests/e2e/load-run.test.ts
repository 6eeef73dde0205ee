/**
 * A load run in the app (issue 30, item 7): server-everything's echo called over and over from the
 * server details header's "Load run…", with live progress, a latency chart and the percentiles,
 * throughput and errors at the end; Stop ends a long run early.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { connectServer, everythingServer, plantServers } from './tools-helpers.js';

const SERVER = 'Everything';

describe('Load run', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ viewport: { width: 1366, height: 768 }, prepareDataDir: plantServers(() => [everythingServer(SERVER)]) });
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('runs echo for two seconds and shows the percentiles, throughput and a chart; Stop ends a long run', async () => {
    const page = harness.page;
    await connectServer(page, SERVER);
    await page.getByRole('region', { name: 'Server details' }).getByRole('button', { name: 'Load run…' }).click();
    const dialog = page.getByRole('dialog', { name: `Load run on “${SERVER}”` });
    await dialog.getByText(/Meant for your own servers/).waitFor();

    const tool = dialog.getByRole('combobox', { name: 'Tool' });
    // The first focus is the first field, not the title bar's Close.
    await expect.poll(() => tool.evaluate((select) => select === document.activeElement)).toBe(true);
    await tool.selectOption('echo');
    const args = dialog.getByRole('textbox', { name: 'Arguments' });
    // The starting {} lacks echo's required message: checked as the Tools tab does, the run does not start.
    expect(await args.inputValue()).toBe('{}');
    await dialog.getByRole('button', { name: 'Start' }).click();
    await dialog.getByText('The arguments do not match the tool’s input schema (1 problem): /message: Required.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Stop' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('region', { name: 'Load run result' }).count()).toBe(0);
    await args.fill('["not an object"]');
    await dialog.getByRole('button', { name: 'Start' }).click();
    await dialog.getByText('The arguments must be a JSON object, e.g. {"message": "hi"}.').waitFor();

    await args.fill('{"message": "load"}');
    await dialog.getByRole('textbox', { name: 'Concurrency' }).fill('2');
    await dialog.getByRole('textbox', { name: 'Rate (calls a second)' }).fill('40');
    await dialog.getByRole('textbox', { name: 'Duration (seconds)' }).fill('2');
    await dialog.getByRole('button', { name: 'Start' }).click();

    const status = dialog.getByRole('status');
    await status.getByText(/^Done: \d+ calls of echo in [\d.]+ s, \d+ ok, 0 failed; it stopped because its time was up\.$/).waitFor({ timeout: 30_000 });
    const latency = dialog.getByRole('table', { name: 'Latency (ms)' });
    const cells = await latency.getByRole('cell').allTextContents();
    expect(cells).toHaveLength(7);
    for (const cell of cells) expect(Number(cell)).toBeGreaterThanOrEqual(0);
    const result = dialog.getByRole('region', { name: 'Load run result' });
    expect(await result.getByText(/calls\/s$/).textContent()).toMatch(/^[\d.]+ calls\/s$/);
    const chart = dialog.getByRole('img', { name: /^Latency over [\d.]+ s, of the calls answered in each last second: p50 / });
    expect(await chart.locator('polyline').count()).toBe(2);
    await harness.screenshot('load-run-done');

    // A long run shows live progress, and Stop ends it.
    await dialog.getByRole('textbox', { name: 'Duration (seconds)' }).fill('120');
    await dialog.getByRole('button', { name: 'Start' }).click();
    await status.getByText(/answered, 0 failed/).waitFor({ timeout: 30_000 });
    await harness.screenshot('load-run-running');
    await dialog.getByRole('button', { name: 'Stop' }).click();
    await status.getByText(/it stopped because it was stopped\.$/).waitFor({ timeout: 30_000 });
    expect(harness.pageErrors).toEqual([]);
  });
});
