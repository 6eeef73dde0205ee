import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { APP_NODE_COMMAND } from '../../shared/server-config.js';
import { startHarness, type Harness } from './harness.js';
import { callTool, connectServer, everything2025, everything2026, fixtureServer, openTab, plantServers, selectServer } from './resources-helpers.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** server-filesystem registers tools only, so it announces no resources capability. */
const TOOLS_ONLY_SERVER = {
  name: 'Filesystem (tools only)',
  transport: {
    type: 'stdio' as const,
    command: APP_NODE_COMMAND,
    args: [path.join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js'), tmpdir()],
    env: [],
  },
};

describe('resources: paginated list, filter, read by mimeType, templates with completion, subscriptions', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({
      viewport: { width: 1440, height: 1000 },
      prepareDataDir: plantServers([everything2025(), everything2026(), TOOLS_ONLY_SERVER, fixtureServer()]),
    });
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('all 100 resources of the 10 pages are listed', async () => {
    const page = harness.page;
    await connectServer(page, 'Everything 2025');
    const resources = await openTab(page, 'Resources');
    await resources.getByText('100 resources · 10 pages', { exact: true }).waitFor({ timeout: 30_000 });
    const list = resources.getByRole('listbox', { name: 'Resource list' });
    // Virtualized: only the rows on screen exist, but each says where it sits in the whole list.
    expect(await list.getByRole('option').first().getAttribute('aria-setsize')).toBe('100');
    expect(await list.getByRole('option').count()).toBeLessThan(100);
    await list.focus();
    await page.keyboard.press('End');
    await expect.poll(() => list.getByRole('option', { selected: true }).textContent()).toContain('test://static/resource/100');
  });

  test('the filter narrows the list as you type, over names and URIs', async () => {
    const resources = harness.page.getByRole('region', { name: 'Resources', exact: true });
    const filter = resources.getByRole('combobox', { name: 'Filter resources' });
    await filter.fill('resource/43');
    await resources.getByText('1 of 100 resources · 10 pages', { exact: true }).waitFor();
    const list = resources.getByRole('listbox', { name: 'Resource list' });
    expect(await list.getByRole('option').count()).toBe(1);
    await filter.fill('Resource 9');
    // Every word must match: "9" is in Resource 9, 19, 29 … 89 and 90 … 99.
    await resources.getByText('19 of 100 resources · 10 pages', { exact: true }).waitFor();
    await filter.fill('no such resource');
    await resources.getByText('No resource matches “no such resource”.').waitFor();
    await filter.fill('resource/43');
  });

  test('reading a text resource shows its text; a binary one its type and size, and saves to a file', async () => {
    const resources = harness.page.getByRole('region', { name: 'Resources', exact: true });
    const list = resources.getByRole('listbox', { name: 'Resource list' });
    await list.getByRole('option').filter({ hasText: 'test://static/resource/43' }).click();
    const text = resources.getByRole('textbox', { name: 'Text of test://static/resource/43' });
    await expect.poll(() => text.textContent(), { timeout: 15_000 }).toContain('Resource 43: This is a plaintext resource');
    await resources.getByText('text/plain').first().waitFor();
    await harness.screenshot('resources');
    await harness.page.emulateMedia({ colorScheme: 'dark' });
    await harness.screenshot('resources-dark');
    await harness.page.emulateMedia({ colorScheme: 'light' });

    await resources.getByRole('combobox', { name: 'Filter resources' }).fill('resource/44');
    await list.getByRole('option').filter({ hasText: 'test://static/resource/44' }).click();
    const contents = resources.getByRole('region', { name: 'Contents' });
    await contents.getByText('application/octet-stream · 34 B', { exact: true }).waitFor({ timeout: 15_000 });
    const [download] = await Promise.all([harness.page.waitForEvent('download'), contents.getByRole('button', { name: 'Save…' }).click()]);
    expect(download.suggestedFilename()).toBe('44.bin');
  });

  test('a template gets one field per variable with completions, then reads the expanded URI', async () => {
    const page = harness.page;
    const resources = page.getByRole('region', { name: 'Resources', exact: true });
    await resources.getByRole('tab', { name: /Templates/ }).click();
    await resources.getByRole('listbox', { name: 'Template list' }).getByRole('option').filter({ hasText: 'Static Resource' }).click();
    const form = resources.getByRole('form', { name: 'Template variables' });
    const id = form.getByRole('combobox', { name: 'id' });
    await id.focus();
    const suggestions = form.getByRole('listbox', { name: 'Suggestions' });
    await expect.poll(() => suggestions.getByRole('option').allTextContents()).toEqual(['1', '2', '3', '4', '5']);
    await id.pressSequentially('3');
    await expect.poll(() => suggestions.getByRole('option').allTextContents()).toEqual(['3']);
    await id.fill('');
    await expect.poll(() => suggestions.getByRole('option').allTextContents()).toEqual(['1', '2', '3', '4', '5']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => suggestions.getByRole('option', { selected: true }).textContent()).toBe('2');
    await harness.screenshot('resource-template');
    expect(await id.getAttribute('aria-activedescendant')).toBe(await suggestions.getByRole('option', { selected: true }).getAttribute('id'));
    await page.keyboard.press('Enter');
    await expect.poll(() => id.inputValue()).toBe('2');
    expect(await id.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => form.getByLabel('Expanded URI').textContent()).toBe('test://static/resource/2');
    await form.getByRole('button', { name: 'Read resource' }).click();
    await resources.getByRole('region', { name: 'Contents' }).getByText('application/octet-stream · 33 B', { exact: true }).waitFor({ timeout: 15_000 });
    await resources.getByRole('region', { name: 'Contents' }).scrollIntoViewIfNeeded();
    await harness.screenshot('resource-template-read');
  });

  test('only the newest completion is shown when typing fast', async () => {
    const form = harness.page.getByRole('region', { name: 'Resources', exact: true }).getByRole('form', { name: 'Template variables' });
    const id = form.getByRole('combobox', { name: 'id' });
    const suggestions = form.getByRole('listbox', { name: 'Suggestions' });
    await id.fill('');
    await expect.poll(() => suggestions.getByRole('option').count()).toBe(5);
    await id.pressSequentially('12', { delay: 30 });
    // "1" alone would offer ["1"]; "12" offers nothing.
    await form.getByText('No suggestions', { exact: true }).waitFor();
    expect(await suggestions.getByRole('option').count()).toBe(0);
    await harness.page.keyboard.press('Escape');
    expect(await id.getAttribute('aria-expanded')).toBe('false');
  });

  test('a server without the resources capability says so instead of showing an empty list', async () => {
    const page = harness.page;
    await connectServer(page, 'Filesystem (tools only)');
    const resources = page.getByRole('region', { name: 'Resources', exact: true });
    await resources.getByText('This server does not offer resources').waitFor();
    expect(await resources.getByRole('listbox').count()).toBe(0);
  });

  test('subscribe, then a resource update is shown and can be re-read, or re-read automatically', async () => {
    const page = harness.page;
    await connectServer(page, 'Everything 2026');
    const resources = await openTab(page, 'Resources');
    await resources.getByRole('tab', { name: /^Resources/ }).click();
    const list = resources.getByRole('listbox', { name: 'Resource list' });
    await list.getByRole('option').first().waitFor({ timeout: 30_000 });
    await resources.getByRole('combobox', { name: 'Filter resources' }).fill('');
    await list.getByRole('option').first().click();
    const contents = resources.getByRole('region', { name: 'Contents' });
    await contents.getByText('Read', { exact: true }).waitFor({ timeout: 15_000 });
    await resources.getByRole('button', { name: 'Subscribe' }).click();
    await resources.getByRole('button', { name: 'Unsubscribe' }).waitFor();

    // server-everything 2026 sends notifications/resources/updated for subscribed URIs once this tool is on.
    await callTool(page, 'Everything 2026', 'toggle-subscriber-updates', {});
    const updated = resources.getByRole('status').filter({ hasText: 'The server says this resource changed' });
    await updated.waitFor({ timeout: 15_000 });
    await harness.screenshot('resource-updated');
    const idOf = async () => /id (\S+)/.exec((await contents.locator('.outcome-summary').textContent()) ?? '')?.[1];
    const firstId = await idOf();
    await updated.getByRole('button', { name: 'Re-read now' }).click();
    await expect.poll(idOf).not.toBe(firstId);
    await updated.waitFor({ state: 'detached' });

    await resources.getByRole('checkbox', { name: 'Auto re-read on update' }).check();
    const secondId = await idOf();
    // The next update (every 5 s) re-reads without asking.
    await expect.poll(idOf, { timeout: 15_000 }).not.toBe(secondId);
    expect(await updated.count()).toBe(0);

    await resources.getByRole('button', { name: 'Unsubscribe' }).click();
    await resources.getByRole('button', { name: 'Subscribe' }).waitFor();
    expect(harness.pageErrors).toEqual([]);
  });

  test('a list_changed notification refreshes the list and says so', async () => {
    const page = harness.page;
    const resources = page.getByRole('region', { name: 'Resources', exact: true });
    const countBefore = await resources.getByText(/^\d+ resources · 1 page$/).textContent();
    const before = Number(/^(\d+)/.exec(countBefore ?? '')?.[1]);

    // gzip-file-as-resource registers a session resource, and the SDK announces notifications/resources/list_changed.
    await callTool(page, 'Everything 2026', 'gzip-file-as-resource', {
      name: 'hello.txt.gz',
      data: 'data:text/plain;base64,aGVsbG8gd29ybGQ=',
      outputType: 'resourceLink',
    });

    await openTab(page, 'Resources');
    await resources.getByRole('status').filter({ hasText: 'The server changed its resources: refreshed' }).waitFor();
    await resources.getByText(`${before + 1} resources · 1 page`, { exact: true }).waitFor();
    await resources.getByRole('combobox', { name: 'Filter resources' }).fill('hello.txt.gz');
    await resources.getByRole('listbox', { name: 'Resource list' }).getByRole('option').filter({ hasText: 'hello.txt.gz' }).click();
    await resources.getByRole('region', { name: 'Contents' }).getByText(/^application\/gzip · \d+ B$/).waitFor({ timeout: 15_000 });
    expect(harness.pageErrors).toEqual([]);
  });

  test('a resource link in a tool result opens the Resources tab and reads it, even when it is not listed', async () => {
    const page = harness.page;
    const tools = await openTab(page, 'Tools');
    await tools.getByRole('option', { name: /get-resource-links/ }).click();
    await tools.getByRole('button', { name: 'Run tool' }).click();
    const result = tools.getByRole('region', { name: 'Result' });
    await result.getByRole('button', { name: 'Text Resource 2' }).click();

    const tab = page.getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name: 'Resources', exact: true });
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    const resources = page.getByRole('region', { name: 'Resources', exact: true });
    await resources.getByLabel('URI', { exact: true }).filter({ hasText: 'demo://resource/dynamic/text/2' }).waitFor();
    await resources.getByText('Not in the server’s resource list (opened from a link).').waitFor();
    const text = resources.getByRole('textbox', { name: 'Text of demo://resource/dynamic/text/2' });
    await expect.poll(() => text.textContent(), { timeout: 15_000 }).toContain('Resource 2: This is a plaintext resource');
  });

  test('a JSON resource is shown as a tree; a title is shown with the name beside it', async () => {
    const page = harness.page;
    await connectServer(page, 'Fixture');
    const resources = page.getByRole('region', { name: 'Resources', exact: true });
    const list = resources.getByRole('listbox', { name: 'Resource list' });
    const option = list.getByRole('option').filter({ hasText: 'fixture://config.json' });
    await expect.poll(() => option.textContent(), { timeout: 30_000 }).toContain('Configuration');
    expect(await option.textContent()).toContain('config');
    await option.click();
    const tree = resources.getByRole('tree', { name: 'JSON of fixture://config.json' });
    await tree.waitFor({ timeout: 15_000 });
    await expect.poll(() => tree.textContent()).toContain('retries');
    await harness.screenshot('resource-json');
  });

  test('switching back to the first server keeps its list', async () => {
    const page = harness.page;
    await selectServer(page, 'Everything 2025');
    const resources = page.getByRole('region', { name: 'Resources', exact: true });
    await resources.getByRole('tab', { name: /^Resources/ }).click();
    await resources.getByText(/of 100 resources · 10 pages|100 resources · 10 pages/).waitFor();
  });
});
