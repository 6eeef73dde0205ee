/**
 * Importing servers from another client's config: the host runs with HOME set to a temporary
 * folder that holds a Claude Desktop config and a Cursor config; the imported server-everything
 * connects and lists its tools.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { connectServer, serverItem } from './tools-helpers.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EVERYTHING = path.join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');

describe('import servers from other clients', () => {
  let harness: Harness;
  let home: string;

  beforeAll(async () => {
    home = await mkdtemp(path.join(tmpdir(), 'loupe-e2e-home-'));
    const claude = path.join(home, '.config', 'Claude');
    await mkdir(claude, { recursive: true });
    await writeFile(
      path.join(claude, 'claude_desktop_config.json'),
      JSON.stringify(
        {
          mcpServers: {
            'everything-local': { command: process.execPath, args: [EVERYTHING, 'stdio'], env: { EVERYTHING_API_KEY: 'not-shown' } },
            'no-command': { args: ['--port', '3000'] },
          },
        },
        null,
        2,
      ),
    );
    await mkdir(path.join(home, '.cursor'), { recursive: true });
    await writeFile(
      path.join(home, '.cursor', 'mcp.json'),
      JSON.stringify({ mcpServers: { 'team-api': { url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer ${env:LOUPE_E2E_TEAM_TOKEN}' } } } }),
    );
    harness = await startHarness({
      env: { HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), CODEX_HOME: path.join(home, '.codex') },
    });
  });

  afterAll(async () => {
    await harness?.close();
    if (home) await rm(home, { recursive: true, force: true });
  });

  test('discovers the Claude Desktop config, imports a server, connects it and lists its tools', async () => {
    const page = harness.page;
    await serverItem(page, 'Everything (demo)').waitFor();
    await page.getByRole('region', { name: 'Servers' }).getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import servers' });
    const claude = dialog.getByRole('region', { name: /^Claude Desktop / });
    await claude.waitFor();
    expect(await claude.textContent()).toContain(path.join(home, '.config', 'Claude', 'claude_desktop_config.json'));

    const everything = claude.getByRole('checkbox', { name: 'everything-local' });
    expect(await everything.isChecked()).toBe(true);
    // Env values are masked, names shown; the broken entry says why and cannot be picked.
    expect(await claude.textContent()).toContain('EVERYTHING_API_KEY=••••');
    expect(await claude.textContent()).not.toContain('not-shown');
    await claude.getByText('“no-command” has neither a command nor a url.').waitFor();
    expect(await claude.getByRole('checkbox', { name: 'no-command' }).isDisabled()).toBe(true);

    // The Cursor server's ${env:…} gets a field of its own.
    const cursor = dialog.getByRole('region', { name: /^Cursor \(user\) / });
    await cursor.getByRole('checkbox', { name: 'team-api' }).waitFor();
    const token = dialog.getByLabel('Environment variable LOUPE_E2E_TEAM_TOKEN');
    await token.fill('e2e-token');
    await harness.screenshot('import-dialog');

    await dialog.getByRole('button', { name: 'Import 2 servers' }).click();
    await dialog.getByText('Added “everything-local”, “team-api”.').waitFor();
    await harness.screenshot('import-result');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const tools = await connectServer(page, 'everything-local');
    await tools.getByRole('option', { name: 'echo', exact: true }).waitFor({ timeout: 30_000 });
    expect(harness.pageErrors).toEqual([]);
  });

  test('exports a server as a snippet for each client, secrets as variables', async () => {
    const page = harness.page;
    // Named apart from the traffic's Export ▾ menu.
    await serverItem(page, 'team-api').getByRole('button', { name: 'Export snippets for team-api', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export “team-api”' });
    await dialog.getByRole('combobox', { name: 'Client' }).selectOption({ label: 'VS Code' });
    const text = dialog.getByRole('textbox', { name: 'Snippet for VS Code' });
    await expect.poll(() => text.inputValue()).toContain('"${input:authorization}"');
    expect(await text.inputValue()).not.toContain('e2e-token');
    await harness.screenshot('export-snippet');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  test('pasting a whole command line into Command fills the command, the arguments and leading variables', async () => {
    const page = harness.page;
    await page.getByRole('region', { name: 'Servers' }).getByRole('button', { name: 'Add server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add server' });
    const command = dialog.getByRole('textbox', { name: 'Command', exact: true });
    await command.evaluate((input) => {
      const data = new DataTransfer();
      data.setData('text/plain', `DEBUG=mcp npx -y @modelcontextprotocol/server-filesystem "/home/me/My Documents" '/tmp/a b'`);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect.poll(() => command.inputValue()).toBe('npx');
    expect(await dialog.getByRole('textbox', { name: 'Command arguments' }).inputValue()).toBe(
      '-y\n@modelcontextprotocol/server-filesystem\n/home/me/My Documents\n/tmp/a b',
    );
    expect(await dialog.getByRole('textbox', { name: 'Variable 1 name' }).inputValue()).toBe('DEBUG');
    expect(await dialog.getByRole('textbox', { name: 'Variable 1 value' }).inputValue()).toBe('mcp');
    await dialog.getByText('Pasted command line split into the command, 4 arguments and 1 environment variable.').waitFor();
    await harness.screenshot('server-form-pasted-command');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  test('a pasted snippet imports beside the existing servers; a taken name gets a suffix', async () => {
    const page = harness.page;
    await page.getByRole('region', { name: 'Servers' }).getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import servers' });
    await dialog.getByRole('region', { name: /^Claude Desktop / }).waitFor();
    // Already imported: shown as such and not picked again.
    const again = dialog.getByRole('region', { name: /^Claude Desktop / }).getByRole('checkbox', { name: 'everything-local' });
    expect(await again.isChecked()).toBe(false);
    await dialog.getByText('Already in Loupe as “everything-local”.').first().waitFor();

    await dialog.getByText('Paste a config snippet').click();
    await dialog.getByRole('textbox', { name: 'Snippet' }).fill(`{ "mcpServers": { "everything-local": { "command": "${process.execPath}", "args": ["--version"] } } }`);
    await dialog.getByRole('button', { name: 'Read snippet' }).click();
    const pasted = dialog.getByRole('region', { name: 'Pasted snippet' });
    expect(await pasted.getByRole('checkbox', { name: 'everything-local' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Import 1 server' }).click();
    await dialog.getByText('“everything-local” was already taken, so it is called “everything-local (2)”.').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await serverItem(page, 'everything-local (2)').waitFor();
    const servers = page.getByRole('region', { name: 'Servers' });
    await servers.getByRole('listitem', { name: 'everything-local', exact: true }).getByText('Connected', { exact: true }).waitFor();
  });
});
