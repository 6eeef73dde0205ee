/**
 * MCP Apps against @modelcontextprotocol/server-basic-react 2.0.3: its get-time tool's app is
 * rendered beside the result on an origin of its own, and a button in the app that calls the
 * tool back goes through Loupe and shows in the traffic log as an app message.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { APP_NODE_COMMAND, type ServerConfigInput } from '../../shared/server-config.js';
import { startHarness, type Harness } from './harness.js';
import { connectServer, plantServers, result, selectTool } from './tools-helpers.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const APP_URI = 'ui://get-time/mcp-app.html';

function basicReact(name = 'Basic React'): ServerConfigInput {
  const script = path.join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-basic-react/dist/index.js');
  return { name, transport: { type: 'stdio', command: APP_NODE_COMMAND, args: [script, '--stdio'], env: [] } };
}

describe('MCP Apps: server-basic-react', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ prepareDataDir: plantServers(() => [basicReact()]) });
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('the tool is marked as having an app, and running it renders the app beside the result', async () => {
    const page = harness.page;
    const tools = await connectServer(page, 'Basic React');
    await selectTool(tools, 'get-time');
    const detail = tools.getByRole('region', { name: 'Tool get-time' });
    expect(await detail.getByTitle(/^Has an MCP App \(ui:\/\/get-time/).textContent()).toContain('app');

    await detail.getByRole('button', { name: 'Run tool' }).click();
    await result(tools).getByText(/\d{4}-\d{2}-\d{2}T/).first().waitFor({ timeout: 20_000 });
    const app = detail.getByRole('region', { name: `App ${APP_URI}` });
    await app.getByRole('status').getByText('Running').waitFor({ timeout: 20_000 });

    const frameElement = app.locator('iframe');
    const src = await frameElement.getAttribute('src');
    expect(src).toMatch(/^http:\/\/a[0-9a-f]{24}\.localhost:\d+\/$/);
    expect(new URL(src!).port).not.toBe(new URL(page.url()).port);
    expect(await frameElement.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');

    const frame = page.frameLocator(`iframe[title="MCP App ${APP_URI}"]`);
    await frame.getByRole('button', { name: 'Get Server Time' }).waitFor({ timeout: 20_000 });
    // The app got the run's result through ui/notifications/tool-result and shows it.
    await frame.getByText(/\d{4}-\d{2}-\d{2}T/).first().waitFor({ timeout: 10_000 });
    await harness.screenshot('apps-basic-react');
  });

  test('a button in the app calls the tool back through Loupe, and the call is in the traffic log as the app’s', async () => {
    const page = harness.page;
    const traffic = page.getByRole('region', { name: 'Traffic' });
    const appCalls = traffic.getByRole('row').filter({ hasText: 'tools/call' });
    const before = await appCalls.count();
    const frame = page.frameLocator(`iframe[title="MCP App ${APP_URI}"]`);
    await frame.getByRole('button', { name: 'Get Server Time' }).click();
    // One tools/call from the app to Loupe, and the one Loupe sends on to the server.
    await expect.poll(() => appCalls.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 2);

    // Loupe's own page may frame the app listener's origins and nothing else.
    const appPort = new URL((await page.frameLocator(`iframe[title="MCP App ${APP_URI}"]`).owner().getAttribute('src'))!).port;
    const policy = await page.evaluate(async () => (await fetch('/')).headers.get('content-security-policy'));
    expect(policy).toContain(`frame-src http://*.localhost:${appPort};`);
    await harness.screenshot('apps-basic-react-callback');
    expect(harness.pageErrors).toEqual([]);

    // The app's zod probes `new Function("")` inside try/catch: noted in the log, not listed as
    // something the app did wrong (issue 24).
    await expect.poll(() => traffic.getByRole('row').filter({ hasText: 'feature probe' }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.getByRole('region', { name: `App ${APP_URI}` }).getByText(/What the app did wrong/).count()).toBe(0);
  });
});
