/** The Tools tab in the dark colour scheme: the generated form and a rendered result stay legible. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import {
  connectServer,
  fixtureServer,
  outputMismatchServer,
  plantServers,
  runWithJson,
  selectTool,
  shrinkTraffic,
  useFormArguments,
} from './tools-helpers.js';

describe('tools: dark colour scheme', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({
      colorScheme: 'dark',
      viewport: { width: 1440, height: 1000 },
      prepareDataDir: plantServers((dataDir) => [fixtureServer('Fixture', ['--many-tools', '5']), outputMismatchServer(dataDir, 'Mismatch')]),
    });
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('the form and a JSON result in dark', async () => {
    const page = harness.page;
    let tools = await connectServer(page, 'Fixture');
    await selectTool(tools, 'tool-0003');
    const form = await useFormArguments(tools);
    await form.getByRole('button', { name: 'Add target' }).click();
    await form.getByRole('group', { name: 'target' }).getByRole('textbox', { name: 'host' }).fill('example.com');
    await tools.getByRole('button', { name: 'Run tool' }).click();
    await tools.getByRole('region', { name: 'Result', exact: true }).getByText('Success', { exact: true }).waitFor();
    await shrinkTraffic(page);
    await harness.screenshot('tools-form-dark');

    tools = await connectServer(page, 'Mismatch');
    await selectTool(tools, 'weather-wrong');
    const reply = await runWithJson(tools, {});
    await reply.getByText('Does not match the output schema').waitFor();
    await reply.scrollIntoViewIfNeeded();
    await harness.screenshot('tools-result-dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    expect(harness.pageErrors).toEqual([]);
  });
});
