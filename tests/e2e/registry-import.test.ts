/**
 * Adding a server from the MCP Registry: the Import dialog searches a local stand-in of the
 * registry's API (tests/fixtures/registry-server.mjs), pages through its results, and adds a server
 * whose remote is server-everything over Streamable HTTP on this machine, which then connects. A
 * server.json is read from a URL, and an unreachable registry is said in one sentence.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Locator } from 'playwright-core';
// @ts-expect-error a plain .mjs fixture without types
import { startRegistry } from '../fixtures/registry-server.mjs';
import { freePort, startEverythingHttp } from '../core/helpers.js';
import { startHarness, type Harness } from './harness.js';
import { connectServer, serverItem } from './tools-helpers.js';

describe('add a server from the MCP Registry', () => {
  let harness: Harness;
  let registry: { url: string; seen: string[]; close(): Promise<void> };
  let everything: { port: number; stop(): void };

  beforeAll(async () => {
    everything = await startEverythingHttp('streamableHttp');
    // Enough servers for a second page (the core asks for 30 at a time; the deleted one of REGISTRY_SERVERS is left out), and one Loupe can really reach.
    const many = Array.from({ length: 32 }, (_, index) => ({
      name: `io.github.example/tool-${String(index + 1).padStart(2, '0')}`,
      description: `Tool number ${index + 1}.`,
      version: '0.0.1',
      packages: [{ registryType: 'npm', identifier: `@example/tool-${index + 1}`, version: '0.0.1', transport: { type: 'stdio' } }],
    }));
    const local = {
      name: 'io.github.loupe/everything',
      title: 'Everything over HTTP',
      // A right-to-left override in the description: shown as a visible mark, never applied.
      description: 'Demo server \u202Eevil',
      version: '2026.8.31',
      remotes: [{ type: 'streamable-http', url: `http://127.0.0.1:${everything.port}/mcp` }],
    };
    registry = await startRegistry([...many, local]);
    harness = await startHarness({ viewport: { width: 1366, height: 768 } });
  });

  afterAll(async () => {
    await harness?.close();
    await registry?.close();
    everything?.stop();
  });

  async function openRegistry(): Promise<Locator> {
    const page = harness.page;
    await serverItem(page, 'Everything (demo)').waitFor();
    await page.getByRole('region', { name: 'Servers' }).getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import servers' });
    await dialog.getByText('From the MCP Registry, or a server.json').click();
    await dialog.getByRole('textbox', { name: 'Registry' }).fill(registry.url);
    return dialog;
  }

  test('searches, pages, picks a result and adds it; the added server connects', async () => {
    const page = harness.page;
    const dialog = await openRegistry();
    const results = dialog.getByRole('listbox', { name: 'Registry servers' });

    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await dialog.getByText(`29 servers so far from ${registry.url}. Choose one to see what it adds.`).waitFor();
    await dialog.getByRole('button', { name: 'More servers' }).click();
    await dialog.getByText(`35 servers from ${registry.url}. Choose one to see what it adds.`).waitFor();
    expect(await dialog.getByRole('button', { name: 'More servers' }).count()).toBe(0);
    expect(registry.seen.at(-1)).toBe('/v0.1/servers?version=latest&limit=30&cursor=30');
    // The list is virtualized: far fewer rows than results are in the page.
    expect(await results.getByRole('option').count()).toBeLessThan(35);
    await harness.screenshot('registry-paged');

    await dialog.getByRole('searchbox', { name: 'Search the MCP Registry' }).fill('everything');
    await dialog.getByRole('searchbox', { name: 'Search the MCP Registry' }).press('Enter');
    await dialog.getByText(`1 server from ${registry.url}. Choose one to see what it adds.`).waitFor();
    const option = results.getByRole('option', { name: /Everything over HTTP/ });
    expect(await option.textContent()).toContain('Demo server ⟨U+202E⟩evil');
    expect(await option.textContent()).toContain(`streamable-http http://127.0.0.1:${everything.port}/mcp`);
    await option.click();

    const preview = dialog.getByRole('region', { name: 'io.github.loupe/everything' });
    const pick = preview.getByRole('checkbox', { name: 'Everything over HTTP' });
    expect(await pick.isChecked()).toBe(true);
    await harness.screenshot('registry-search');
    await dialog.getByRole('button', { name: 'Import 1 server' }).click();
    await dialog.getByText('Added “Everything over HTTP”.').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const tools = await connectServer(page, 'Everything over HTTP');
    await tools.getByRole('option', { name: 'echo', exact: true }).waitFor({ timeout: 30_000 });
    expect(harness.pageErrors).toEqual([]);
  });

  test('reads a server.json from a URL into the preview, with a field for each input it asks', async () => {
    const page = harness.page;
    const dialog = await openRegistry();
    await dialog.getByRole('textbox', { name: 'Or a server.json' }).fill(`${registry.url}/server.json`);
    await dialog.getByRole('button', { name: 'Read server.json' }).click();
    const preview = dialog.getByRole('region', { name: `MCP Registry server.json ${registry.url}/server.json` });
    expect(await preview.getByRole('checkbox', { name: 'Weather (npm)' }).isChecked()).toBe(true);
    expect(await preview.getByRole('checkbox', { name: 'Weather (remote)' }).isChecked()).toBe(false);
    expect(await dialog.getByLabel('Input “WEATHER_API_KEY”').getAttribute('type')).toBe('password');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  test('says in one sentence that the registry cannot be reached, and the rest of the dialog keeps working', async () => {
    const page = harness.page;
    const dialog = await openRegistry();
    const closed = `http://127.0.0.1:${await freePort()}`;
    await dialog.getByRole('textbox', { name: 'Registry' }).fill(closed);
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(new RegExp(`^The MCP Registry could not be reached at ${closed.replace(/[.]/g, '\\.')} \\(.+\\): check the network, or the proxy settings\\.$`));
    await harness.screenshot('registry-unreachable');
    await dialog.getByRole('textbox', { name: 'Registry' }).fill(registry.url);
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await dialog.getByRole('listbox', { name: 'Registry servers' }).waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await page.keyboard.press('Escape');
  });
});
