/**
 * MCP Apps on both protocol eras, against tests/fixtures/modern-app-server.mjs (SDK v2 with
 * ext-apps' server helpers): the app renders and calls its app-only tool back on a 2026-07-28
 * connection and on a 2025 one; display mode, asking before a call, opening an app alone and
 * teardown are visible and controllable, and each shows in the traffic log.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { APP_NODE_COMMAND, type ProtocolEraSetting, type ServerConfigInput } from '../../shared/server-config.js';
import { startHarness, type Harness } from './harness.js';
import { connectServer, plantServers, result, selectServer, selectTool } from './tools-helpers.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const APP_URI = 'ui://counter/app.html';

function appServer(name: string, era: ProtocolEraSetting): ServerConfigInput {
  return { name, era, transport: { type: 'stdio', command: APP_NODE_COMMAND, args: [path.join(REPO_ROOT, 'tests/fixtures/modern-app-server.mjs')], env: [] } };
}

function appRows(page: Page, method: string): Locator {
  return page.getByRole('region', { name: 'Traffic' }).getByRole('row').filter({ hasText: method }).filter({ hasText: 'App ·' });
}

async function runCounter(page: Page, server: string, connected = false): Promise<Locator> {
  const tools = connected ? await selectServer(page, server) : await connectServer(page, server);
  await selectTool(tools, 'counter-app');
  const detail = tools.getByRole('region', { name: 'Tool counter-app' });
  await detail.getByRole('button', { name: 'Run tool' }).click();
  await result(tools).getByText('Success').waitFor({ timeout: 15_000 });
  const app = detail.getByRole('region', { name: `App ${APP_URI}` });
  await app.getByRole('status').getByText('Running').waitFor({ timeout: 15_000 });
  return app;
}

describe('MCP Apps: both eras', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ prepareDataDir: plantServers(() => [appServer('Counter modern', 'modern'), appServer('Counter legacy', 'legacy')]) });
  });

  afterAll(async () => {
    await harness?.close();
  });

  for (const [server, era] of [
    ['Counter modern', '2026-07-28'],
    ['Counter legacy', '2025'],
  ] as const) {
    test(`on a ${era} connection the app renders and its button calls the app-only tool through Loupe`, async () => {
      const page = harness.page;
      const app = await runCounter(page, server);
      const frame = app.frameLocator('iframe');
      await frame.getByText('Connected to MCP Loupe').waitFor({ timeout: 15_000 });
      await frame.getByText('Count: 0').waitFor();
      const calls = appRows(page, 'tools/call');
      const before = await calls.count();
      await frame.getByRole('button', { name: 'Increment' }).click();
      await frame.getByText(/^Count: \d+$/).filter({ hasNotText: 'Count: 0' }).waitFor({ timeout: 10_000 });
      await expect.poll(() => calls.count()).toBeGreaterThan(before);
      // The app's size request is applied to its frame.
      expect(await app.locator('iframe').evaluate((element) => element.getBoundingClientRect().height)).toBe(240);
      await app.getByRole('button', { name: 'Close app' }).click();
      await app.getByRole('status').getByText('Closed').waitFor();
    });
  }

  test('display mode, asking before a call, and teardown are controllable and logged', async () => {
    const page = harness.page;
    const app = await runCounter(page, 'Counter modern', true);
    const frame = app.frameLocator('iframe');
    await frame.getByText('Connected to MCP Loupe').waitFor({ timeout: 15_000 });

    const contextChanges = appRows(page, 'ui/notifications/host-context-changed');
    const changesBefore = await contextChanges.count();
    await app.getByRole('group', { name: 'Display mode' }).getByRole('button', { name: 'Fullscreen' }).click();
    expect(await app.getByRole('button', { name: /^Fullscreen/ }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => contextChanges.count()).toBeGreaterThan(changesBefore);
    const box = await app.locator('iframe').boundingBox();
    expect(box!.width).toBeGreaterThan(1300);
    await harness.screenshot('apps-fullscreen');
    // Escape leaves Fullscreen (issue 24), as the Inline button does.
    await page.keyboard.press('Escape');
    await expect.poll(() => app.getByRole('button', { name: 'Inline' }).getAttribute('aria-pressed')).toBe('true');

    await app.getByRole('checkbox', { name: 'Ask before the app calls a tool' }).check();
    await frame.getByRole('button', { name: 'Increment' }).click();
    const ask = app.getByRole('alertdialog', { name: 'App tool call' });
    await ask.getByText('increment').waitFor();
    await harness.screenshot('apps-ask-before-call');
    await ask.getByRole('button', { name: 'Decline call' }).click();
    await frame.getByText(/^Failed: .*declined/).waitFor();

    const teardowns = appRows(page, 'ui/resource-teardown');
    const teardownsBefore = await teardowns.count();
    await app.getByRole('button', { name: 'Close app' }).click();
    await app.getByRole('status').getByText('Closed').waitFor();
    await expect.poll(() => teardowns.count()).toBe(teardownsBefore + 1);
    expect(await app.locator('iframe').count()).toBe(0);
  });

  test('an app can be opened alone, with arguments the person provides', async () => {
    const page = harness.page;
    const tools = page.getByRole('region', { name: 'Tools', exact: true });
    const detail = tools.getByRole('region', { name: 'Tool counter-app' });
    await detail.getByRole('button', { name: 'Dismiss app' }).click();
    const inputs = appRows(page, 'ui/notifications/tool-input');
    // The log is virtualized (older rows leave the DOM): compare the newest row's number, not a count.
    const newestInput = async () => Math.max(0, ...(await inputs.allInnerTexts()).map((text) => Number.parseInt(text, 10)).filter(Number.isFinite));
    const before = await newestInput();
    await detail.getByRole('button', { name: 'Open app with these arguments' }).click();
    const app = detail.getByRole('region', { name: `App ${APP_URI}` });
    await app.frameLocator('iframe').getByText('Connected to MCP Loupe').waitFor({ timeout: 15_000 });
    await expect.poll(newestInput).toBeGreaterThan(before);
    expect(harness.pageErrors).toEqual([]);
  });
});
