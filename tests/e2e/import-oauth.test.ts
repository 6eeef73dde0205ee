/**
 * The whole way in for a remote OAuth server, as a user takes it: Loupe finds the Claude Desktop
 * config in a temporary HOME, the person imports its remote server, signs in through the
 * authorization page (a new tab in browser mode), watches each step in the Auth view and calls a
 * tool. No token the authorization server issued is in servers.json, in an export or in the page.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
// @ts-expect-error a plain .mjs fixture without types
import { startOAuthFixture } from '../fixtures/oauth-server.mjs';
import { startHarness, type Harness } from './harness.js';
import { runWithJson, selectTool, serverItem, showTools } from './tools-helpers.js';
import { exportAll, openDirectBridge } from './traffic-helpers.js';

const NAME = 'team-notes';

describe('import a Claude Desktop config, sign in to its OAuth server, debug it', () => {
  let harness: Harness;
  let home: string;
  let fixture: { url: string; seen: { issued: string[]; authorizations: unknown[] }; close(): Promise<void> };

  beforeAll(async () => {
    fixture = (await startOAuthFixture()) as typeof fixture;
    home = await mkdtemp(path.join(tmpdir(), 'loupe-e2e-home-'));
    const claude = path.join(home, '.config', 'Claude');
    await mkdir(claude, { recursive: true });
    await writeFile(path.join(claude, 'claude_desktop_config.json'), JSON.stringify({ mcpServers: { [NAME]: { type: 'http', url: fixture.url } } }, null, 2));
    harness = await startHarness({ env: { HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), CODEX_HOME: path.join(home, '.codex') } });
  });

  afterAll(async () => {
    await harness?.close();
    await fixture?.close();
    if (home) await rm(home, { recursive: true, force: true });
  });

  test('import → Sign in in a tab → every step in the Auth view → a tool call; no token on disk in servers.json or in an export', async () => {
    const page = harness.page;
    await page.getByRole('region', { name: 'Servers' }).getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import servers' });
    const claude = dialog.getByRole('region', { name: /^Claude Desktop / });
    expect(await claude.getByRole('checkbox', { name: NAME }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Import 1 server' }).click();
    await dialog.getByText(`Added “${NAME}”.`).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const item = serverItem(page, NAME);
    await item.getByRole('button', { name: NAME, exact: true }).click();
    await item.getByRole('button', { name: 'Connect', exact: true }).click();
    const signIn = item.getByRole('button', { name: 'Sign in', exact: true });
    await signIn.waitFor({ timeout: 30_000 });
    const [tab] = await Promise.all([page.context().waitForEvent('page'), signIn.click()]);
    // The fixture's authorization page approves at once and redirects to Loupe's loopback listener.
    await tab.getByRole('heading', { name: 'Signed in' }).waitFor({ timeout: 30_000 });
    await tab.close();
    await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
    expect(fixture.seen.authorizations).toHaveLength(1);

    await page.getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name: 'Auth', exact: true }).click();
    const auth = page.getByRole('region', { name: 'Auth', exact: true });
    await auth.getByText('Signed in', { exact: true }).waitFor();
    const titles = await auth.getByRole('list', { name: 'Sign-in steps' }).getByRole('listitem').allTextContents();
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
    await harness.screenshot('import-oauth-auth-view');

    const tools = await showTools(page);
    await selectTool(tools, 'whoami');
    const result = await runWithJson(tools, {});
    await expect.poll(() => result.textContent()).toContain('with scopes mcp');

    const tokens = fixture.seen.issued;
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    const serversJson = await readFile(path.join(harness.dataDir, 'servers.json'), 'utf8');
    expect(serversJson).toContain(fixture.url);
    const bridge = await openDirectBridge(page);
    let exported: string;
    try {
      exported = await exportAll(bridge);
    } finally {
      bridge.close();
    }
    expect(exported).toContain('whoami');
    const pageText = await page.content();
    for (const token of tokens) {
      expect(serversJson).not.toContain(token);
      expect(exported).not.toContain(token);
      expect(pageText).not.toContain(token);
    }
    expect(harness.pageErrors).toEqual([]);
  });
});
