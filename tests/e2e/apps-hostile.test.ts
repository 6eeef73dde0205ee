/**
 * MCP Apps isolation against a fixture app that misbehaves on purpose
 * (tests/fixtures/hostile-app-server.mjs): it cannot reach Loupe's page, cookie or bridge, and
 * every violation is shown in its panel and in the traffic log.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { APP_NODE_COMMAND, type ServerConfigInput } from '../../shared/server-config.js';
import { startHarness, type Harness } from './harness.js';
import { connectServer, plantServers, result, selectTool, showTools } from './tools-helpers.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const APP_URI = 'ui://hostile/app.html';

function hostileServer(name = 'Hostile'): ServerConfigInput {
  return { name, transport: { type: 'stdio', command: APP_NODE_COMMAND, args: [path.join(REPO_ROOT, 'tests/fixtures/hostile-app-server.mjs')], env: [] } };
}

describe('MCP Apps: a hostile app', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ prepareDataDir: plantServers(() => [hostileServer()]) });
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('cannot touch Loupe’s page, cookie or bridge, and what it did wrong is shown', async () => {
    const page = harness.page;
    const titleBefore = await page.title();
    await connectServer(page, 'Hostile');
    // The resources list carries the app's declared metadata, shown by its tool before it runs.
    await page.getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name: 'Resources', exact: true }).click();
    await page.getByRole('region', { name: 'Resources', exact: true }).getByText(APP_URI).first().waitFor();
    const tools = await showTools(page);
    await selectTool(tools, 'model-only-secret');
    expect(await tools.getByRole('region', { name: 'Tool model-only-secret' }).getByTitle(/^Apps may not call it/).count()).toBe(1);
    await selectTool(tools, 'hostile-app');
    const detail = tools.getByRole('region', { name: 'Tool hostile-app' });
    const listed = detail.getByRole('group').filter({ hasText: 'Declared in the resources list' });
    await listed.getByText('Declared in the resources list').click();
    await listed.getByText('https://allowed.example').waitFor();
    await listed.getByText(/resourceDomains has .* which is not an origin/).waitFor();
    await detail.getByRole('button', { name: 'Run tool' }).click();
    await result(tools).getByText('opened').waitFor({ timeout: 15_000 });

    const app = detail.getByRole('region', { name: `App ${APP_URI}` });
    const frame = page.frameLocator(`iframe[title="MCP App ${APP_URI}"]`);
    const results = frame.locator('#results');
    await expect.poll(async () => JSON.parse((await results.textContent()) ?? '{}').flood, { timeout: 20_000 }).toBe('sent 1500');
    await expect.poll(async () => JSON.parse((await results.textContent()) ?? '{}').loupeBridge, { timeout: 10_000 }).toBeDefined();
    const seen = JSON.parse((await results.textContent()) ?? '{}') as Record<string, string>;

    expect(seen.parentDom).toMatch(/^blocked: SecurityError/);
    expect(seen.topLocation).toMatch(/^blocked: SecurityError/);
    expect(seen.parentBridge).toMatch(/^blocked: SecurityError/);
    // Loupe's session cookie belongs to its own host name; the app's origin has none.
    expect(seen.cookie).toBe('');
    // Asked-for permissions are not granted until the person says so (issue 25).
    expect(seen.camera).toBe('false');
    expect(seen.undeclaredFetch).toBe('blocked');
    // Chromium tells a frame its ancestors' origins whatever the referrer policy (measured: Chromium
    // 150 with Referrer-Policy and referrerpolicy no-referrer), so the app learns Loupe's host name;
    // SECURITY.md says why that is harmless: it can reach neither the page nor the bridge.
    expect(seen.loupeOrigin).toBe(await page.evaluate(() => location.origin));
    expect(seen.loupeFetch).toBe('blocked');
    expect(seen.loupeBridge).toMatch(/^blocked/);
    expect(seen.hiddenCall).toMatch(/^refused: .*visible to the model only/);
    expect(seen.appOnlyCall).toBe('ran: helped');
    expect(await page.title()).toBe(titleBefore);

    const violations = app.getByRole('region', { name: 'App violations' });
    await violations.getByText(/model-only-secret.*visible to the model only/).waitFor();
    await violations.getByText(/not a JSON-RPC 2\.0 message/).first().waitFor();
    // The huge and the deep message are refused by a bounded measure (issue 25, Medium 2), and the page still answers.
    expect(seen.huge).toBe('sent');
    await violations.getByText('The app posted a message of more than 1,048,576 characters; Loupe accepts up to 1,048,576 and ignored it.').waitFor();
    await violations.getByText(/nested more than 512 levels deep/).waitFor();
    expect(await page.evaluate(() => 1 + 1)).toBe(2);
    // A flood that spans more than one second under load is noted once a second.
    await violations.getByText(/more than 200 messages/).first().waitFor();
    await violations.getByText(/undeclared\.example/).waitFor({ timeout: 10_000 });
    await violations.getByText(/resourceDomains has "https:\/\/cdn\.example; script-src \*", which is not an origin/).waitFor();
    // The injected directive never reached the policy.
    expect(await app.getByText(/script-src \*/).count()).toBe(1);

    const traffic = page.getByRole('region', { name: 'Traffic' });
    const filter = traffic.getByRole('combobox', { name: 'Filter traffic' });
    await filter.fill('model-only-secret');
    const rows = traffic.getByRole('row');
    await rows.filter({ hasText: 'app violation' }).first().waitFor();
    await rows.filter({ hasText: 'app request' }).filter({ hasText: 'tools/call' }).first().waitFor();
    // The refused call never reached the server: every tools/call naming it is the app's.
    expect(await rows.filter({ hasText: 'tools/call' }).filter({ hasNotText: 'App · Hostile' }).count()).toBe(0);
    await filter.fill('app-only-helper');
    // The allowed one went on to the server: the app's request, and Loupe's to the server.
    await expect.poll(() => rows.filter({ hasText: 'tools/call' }).filter({ hasNotText: 'App · Hostile' }).count()).toBe(1);
    await filter.fill('undeclared.example');
    await rows.filter({ hasText: 'app violation' }).first().waitFor({ timeout: 10_000 });
    await filter.fill('');
    await app.scrollIntoViewIfNeeded();
    await harness.screenshot('apps-hostile');
    await app.getByRole('region', { name: 'App violations' }).scrollIntoViewIfNeeded();
    await harness.screenshot('apps-hostile-violations');
  });

  test('gets the camera and microphone it asks for only once the person grants them', async () => {
    const page = harness.page;
    const app = page.getByRole('region', { name: `App ${APP_URI}` });
    const frameElement = page.locator(`iframe[title="MCP App ${APP_URI}"]`);
    expect(await frameElement.getAttribute('allow')).toBeNull();
    const ask = app.getByRole('region', { name: 'Permissions the app asks for' });
    await ask.getByText('The app asks for the camera, the microphone and writing to the clipboard.', { exact: false }).waitFor();
    await ask.scrollIntoViewIfNeeded();
    await harness.screenshot('apps-permissions-asked');
    await ask.getByRole('button', { name: 'Grant the camera, the microphone and writing to the clipboard' }).click();
    await expect.poll(() => frameElement.getAttribute('allow'), { timeout: 15_000 }).toMatch(/camera.*microphone.*clipboard-write/);
    const results = page.frameLocator(`iframe[title="MCP App ${APP_URI}"]`).locator('#results');
    await expect.poll(async () => JSON.parse((await results.textContent()) ?? '{}').camera, { timeout: 15_000 }).toBe('true');
    expect(await ask.count()).toBe(0);
  });
});
