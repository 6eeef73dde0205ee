import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
// @ts-expect-error a plain .mjs fixture without types
import { startOAuthFixture } from '../fixtures/oauth-server.mjs';
import { startHarness, type Harness } from './harness.js';
import { runWithJson, selectTool, serverItem, showTools } from './tools-helpers.js';
import { exportAll, openDirectBridge, plantServers } from './traffic-helpers.js';

const NAME = 'OAuth fixture';
const BROWSER_NAME = 'OAuth in a tab';

describe('signing in to an OAuth-protected server', () => {
  let harness: Harness;
  let fixture: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    fixture = (await startOAuthFixture()) as typeof fixture;
    const server: ServerConfig = {
      id: 'oauth-fixture',
      name: NAME,
      transport: { type: 'streamable-http', url: fixture.url, headers: [] },
      // The fixture approves at once: the core follows the authorization URL itself, no browser.
      auth: { authorizeWith: 'http-get' },
    };
    const inBrowser: ServerConfig = { id: 'oauth-browser', name: BROWSER_NAME, transport: { type: 'streamable-http', url: fixture.url, headers: [] } };
    harness = await startHarness({ prepareDataDir: plantServers([server, inBrowser]) });
  });

  afterAll(async () => {
    await harness?.close();
    await fixture?.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await harness.screenshot(`debug-oauth-${context.task.name.slice(0, 20)}`);
  });

  test('Connect asks for a sign-in; Sign in shows each step; a tool call works; no token on disk or in an export', async () => {
    const page = harness.page;
    const item = serverItem(page, NAME);
    await item.getByRole('button', { name: NAME, exact: true }).click();
    await item.getByRole('button', { name: 'Connect', exact: true }).click();
    await item.getByText('Failed', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await item.textContent()).toContain('The server needs you to sign in (OAuth)');
    await harness.screenshot('oauth-sign-in-needed');

    await item.getByRole('button', { name: 'Sign in', exact: true }).click();
    await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });

    await page.getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name: 'Auth', exact: true }).click();
    const auth = page.getByRole('region', { name: 'Auth', exact: true });
    await auth.getByText('Signed in', { exact: true }).waitFor();
    const steps = auth.getByRole('list', { name: 'Sign-in steps' }).getByRole('listitem');
    const titles = await steps.allTextContents();
    for (const title of [
      'Challenge (401/403 from the server)',
      'Protected resource metadata (RFC 9728)',
      'Authorization server metadata (RFC 8414 / OpenID)',
      'Client registration (RFC 7591)',
      'Authorization request (PKCE S256)',
      'Redirect back to Loupe',
      'Token request',
    ]) {
      expect(titles.some((text) => text.startsWith(title)), title).toBe(true);
    }
    const facts = auth.getByLabel('Tokens and client');
    expect(await facts.textContent()).toContain('dynamic registration (RFC 7591)');
    expect(await facts.textContent()).toMatch(/Scopes\s*mcp/);

    const tokenStep = steps.filter({ hasText: 'Token request' }).first();
    await tokenStep.getByText('Token request', { exact: true }).click();
    const requestBody = tokenStep.getByRole('region', { name: 'HTTP request' }).getByLabel('Request body');
    expect(await requestBody.textContent()).toContain('code_verifier=%5Bredacted%5D');
    const responseBody = tokenStep.getByRole('region', { name: 'HTTP response' }).getByLabel('Response body');
    expect(await responseBody.textContent()).toContain('"access_token": "[redacted]"');
    await harness.screenshot('oauth-auth-view');
    await tokenStep.getByRole('button', { name: /^Show #\d+ in the traffic log$/ }).click();
    const trafficDetail = page.getByRole('region', { name: 'Traffic' }).getByRole('region', { name: 'Message detail' });
    await expect.poll(() => trafficDetail.getByRole('region', { name: 'HTTP request' }).textContent()).toMatch(/POST http:\/\/127\.0\.0\.1:\d+\/token/);

    const tools = await showTools(page);
    await selectTool(tools, 'whoami');
    const result = await runWithJson(tools, {});
    await expect.poll(() => result.textContent()).toContain('with scopes mcp');

    const secrets = JSON.parse(await readFile(path.join(harness.dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
    const record = JSON.parse(secrets['oauth/oauth-fixture'] ?? '{}') as { tokens?: { access_token?: string; refresh_token?: string } };
    const accessToken = record.tokens?.access_token ?? '';
    const refreshToken = record.tokens?.refresh_token ?? '';
    expect(accessToken.length).toBeGreaterThan(10);
    const serversJson = await readFile(path.join(harness.dataDir, 'servers.json'), 'utf8');
    expect(serversJson).not.toContain(accessToken);
    expect(serversJson).not.toContain(refreshToken);
    const bridge = await openDirectBridge(page);
    try {
      const exported = await exportAll(bridge);
      expect(exported).toContain('"kind":"http"');
      expect(exported).not.toContain(accessToken);
      expect(exported).not.toContain(refreshToken);
    } finally {
      bridge.close();
    }
    expect(await page.content()).not.toContain(accessToken);
    expect(harness.pageErrors).toEqual([]);
  });

  test('the traffic log shows the HTTP exchanges, with the Authorization header redacted', async () => {
    const page = harness.page;
    const traffic = page.getByRole('region', { name: 'Traffic' });
    await traffic.getByRole('radiogroup', { name: 'Message types' }).getByRole('radio', { name: 'HTTP' }).click();
    const rows = traffic.getByRole('grid', { name: 'Traffic log' }).getByRole('row').filter({ hasText: /POST http:\/\/127\.0\.0\.1:\d+\/token/ });
    await rows.first().click();
    const detail = traffic.getByRole('region', { name: 'Message detail' });
    const exchange = detail.getByRole('region', { name: 'HTTP exchange' });
    await exchange.getByRole('region', { name: 'HTTP response' }).waitFor();
    expect(await exchange.textContent()).toContain('grant_type=authorization_code');
    const mcpRow = traffic.getByRole('grid', { name: 'Traffic log' }).getByRole('row').filter({ hasText: `200 POST ${serverUrlPath()}` }).last();
    await mcpRow.click();
    await detail.getByRole('region', { name: 'HTTP exchange' }).getByLabel('Request headers').waitFor();
    expect(await detail.getByLabel('Request headers').textContent()).toContain('Bearer [redacted]');
    await harness.screenshot('oauth-traffic-http');
  });

  test('in browser mode, Sign in opens the authorization page in a new tab, and its redirect signs the app in', async () => {
    const page = harness.page;
    const item = serverItem(page, BROWSER_NAME);
    await item.getByRole('button', { name: BROWSER_NAME, exact: true }).click();
    await item.getByRole('button', { name: 'Connect', exact: true }).click();
    await item.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 30_000 });
    const [tab] = await Promise.all([page.context().waitForEvent('page'), item.getByRole('button', { name: 'Sign in', exact: true }).click()]);
    // The fixture's authorization page approves at once and redirects to Loupe's loopback listener.
    await tab.getByRole('heading', { name: 'Signed in' }).waitFor({ timeout: 30_000 });
    expect(new URL(tab.url()).pathname).toBe('/callback');
    await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
    await tab.close();
    expect(harness.pageErrors).toEqual([]);
  });

  test('a step-up sign-in asked for during a call says so under the call, and its link signs in with more scopes (issue 24)', async () => {
    const page = harness.page;
    // Signed in (in a tab) with the `mcp` scope by the test above; admin-echo needs `admin` too.
    const tools = await showTools(page);
    await selectTool(tools, 'admin-echo');
    const result = await runWithJson(tools, { text: 'stepped up' });
    const waiting = tools.getByRole('status').filter({ hasText: 'The server asks for more access' });
    await waiting.waitFor({ timeout: 30_000 });
    expect(await waiting.textContent()).toContain('403 insufficient_scope');
    await harness.screenshot('oauth-step-up-waiting');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), waiting.getByRole('link', { name: 'Open the sign-in page' }).click()]);
    await tab.getByRole('heading', { name: 'Signed in' }).waitFor({ timeout: 30_000 });
    await result.getByText('admin: stepped up').first().waitFor({ timeout: 30_000 });
    expect(await waiting.count()).toBe(0);
    await tab.close();
  });

  test('the server form’s OAuth section saves the client id in servers.json and the client secret apart', async () => {
    const page = harness.page;
    await page.getByRole('region', { name: 'Servers' }).getByRole('button', { name: `Edit ${BROWSER_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit “${BROWSER_NAME}”` });
    await dialog.getByText('OAuth sign-in (optional)').click();
    await dialog.getByRole('textbox', { name: 'Client ID', exact: true }).fill('pre-registered-client');
    await dialog.getByLabel('Client secret').fill('pre-registered-secret-value');
    await dialog.getByRole('textbox', { name: 'Scopes' }).fill('mcp');
    await harness.screenshot('oauth-server-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const serversJson = await readFile(path.join(harness.dataDir, 'servers.json'), 'utf8');
    expect(serversJson).toContain('"clientId": "pre-registered-client"');
    expect(serversJson).not.toContain('pre-registered-secret-value');
    expect(await readFile(path.join(harness.dataDir, 'secrets.json'), 'utf8')).toContain('pre-registered-secret-value');
    await page.getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name: 'Auth', exact: true }).click();
    const auth = page.getByRole('region', { name: 'Auth', exact: true });
    await expect.poll(() => auth.getByLabel('Tokens and client').textContent()).toContain('pre-registered-client · pre-registered · with a secret');
    await auth.getByRole('button', { name: 'Forget the client secret' }).click();
    await auth.getByRole('button', { name: 'Forget the client secret' }).waitFor({ state: 'detached' });
    expect(await readFile(path.join(harness.dataDir, 'secrets.json'), 'utf8')).not.toContain('pre-registered-secret-value');
  });

  function serverUrlPath(): string {
    return fixture.url;
  }
});
