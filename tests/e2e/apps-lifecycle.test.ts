/**
 * An MCP App's life in the Tools pane, against the official examples (issue 24): Close app sends
 * ui/resource-teardown and the app's answer ends its row; switching to another server and back
 * finds the app as it was, not loaded anew.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Frame, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { APP_NODE_COMMAND, type ServerConfigInput } from '../../shared/server-config.js';
import { startHarness, type Harness } from './harness.js';
import { connectServer, plantServers, result, selectServer, selectTool } from './tools-helpers.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function example(name: string, pkg: string): ServerConfigInput {
  const script = path.join(REPO_ROOT, `node_modules/@modelcontextprotocol/${pkg}/dist/index.js`);
  return { name, transport: { type: 'stdio', command: APP_NODE_COMMAND, args: [script, '--stdio'], env: [] } };
}

function appRows(page: Page, server: string, method: string): Locator {
  return page.getByRole('region', { name: 'Traffic' }).getByRole('row').filter({ hasText: method }).filter({ hasText: `App · ${server}` });
}

/** Runs get-time and waits for its app; returns the app's region. */
async function openTimeApp(page: Page, server: string, connect: boolean): Promise<Locator> {
  const tools = connect ? await connectServer(page, server) : await selectServer(page, server);
  await selectTool(tools, 'get-time');
  const detail = tools.getByRole('region', { name: 'Tool get-time' });
  await detail.getByRole('button', { name: 'Run tool' }).click();
  await result(tools).getByText(/\d{4}-\d{2}-\d{2}T/).first().waitFor({ timeout: 20_000 });
  const app = detail.getByRole('region', { name: /^App ui:\/\/get-time/ });
  await app.getByRole('status').getByText('Running').waitFor({ timeout: 20_000 });
  return app;
}

/** How many pixels of `element` show inside `container`'s box. */
async function visibleHeightIn(element: Locator, container: Locator): Promise<number> {
  const [box, area] = [await element.boundingBox(), await container.boundingBox()];
  if (!box || !area) return 0;
  return Math.max(0, Math.min(box.y + box.height, area.y + area.height) - Math.max(box.y, area.y));
}

async function appFrame(app: Locator): Promise<Frame> {
  const frame = await (await app.locator('iframe').elementHandle())!.contentFrame();
  return frame!;
}

describe('MCP Apps: teardown and switching servers', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ viewport: { width: 1366, height: 768 }, prepareDataDir: plantServers(() => [example('Basic React', 'server-basic-react'), example('Basic Vanilla', 'server-basic-vanillajs')]) });
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('switching to another server and back keeps the app as it was', async () => {
    const page = harness.page;
    const reactApp = await openTimeApp(page, 'Basic React', true);
    // At 1366×768 the app is brought into view when it opens, not left below the fold.
    await expect.poll(() => visibleHeightIn(reactApp.locator('iframe'), page.getByRole('region', { name: 'Tools', exact: true }))).toBeGreaterThan(200);
    await harness.screenshot('apps-in-view-1366');
    // A mark in the app's own page: a reloaded frame would not have it.
    await (await appFrame(reactApp)).evaluate(() => Object.assign(window, { loupeTestMark: 'kept' }));

    const vanillaApp = await openTimeApp(page, 'Basic Vanilla', true);
    await harness.screenshot('apps-switched-away');
    await (await appFrame(vanillaApp)).evaluate(() => Object.assign(window, { loupeTestMark: 'vanilla' }));

    const tools = await selectServer(page, 'Basic React');
    const backApp = tools.getByRole('region', { name: /^App ui:\/\/get-time/ });
    await backApp.getByRole('status').getByText('Running').waitFor();
    // Out of sight it kept its size: it never told Loupe it shrank, and its frame is as tall as before.
    expect(await backApp.getByRole('status').textContent()).toContain('×427 px');
    expect((await backApp.locator('iframe').boundingBox())!.height).toBe(427);
    expect(await (await appFrame(backApp)).evaluate(() => (window as { loupeTestMark?: string }).loupeTestMark)).toBe('kept');
    // Only the shown server's app is in view; the other waits, hidden.
    expect(await page.getByRole('region', { name: /^App ui:\/\/get-time/ }).count()).toBe(1);

    await selectServer(page, 'Basic Vanilla');
    expect(await (await appFrame(page.getByRole('region', { name: /^App ui:\/\/get-time/ }))).evaluate(() => (window as { loupeTestMark?: string }).loupeTestMark)).toBe('vanilla');
    expect(harness.pageErrors).toEqual([]);
  });

  for (const server of ['Basic React', 'Basic Vanilla']) {
    test(`${server}: Close app gets the app's answer to ui/resource-teardown`, async () => {
      const page = harness.page;
      const tools = await selectServer(page, server);
      const app = tools.getByRole('region', { name: /^App ui:\/\/get-time/ });
      await app.getByRole('status').getByText('Running').waitFor();
      const teardowns = appRows(page, server, 'ui/resource-teardown');
      const before = await teardowns.count();
      await app.getByRole('button', { name: 'Close app' }).click();
      await app.getByRole('status').getByText('Closed').waitFor({ timeout: 10_000 });
      await expect.poll(() => teardowns.count()).toBe(before + 1);
      // The row ends with the app's answer: neither pending nor timed out.
      await expect.poll(() => teardowns.last().innerText()).toMatch(/\nOK\n/);
      expect(await app.getByText('The app did not answer the teardown in time.').count()).toBe(0);
    });
  }
});
