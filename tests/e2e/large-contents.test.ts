/**
 * Large resources and prompts: a 20 MB text and a 20 MB JSON document read in the Resources tab,
 * and a prompt whose messages hold both. Their texts stay in the core, which prepares the views,
 * so the page never parses or lays out megabytes.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { downloadText, startHarness, type Harness } from './harness.js';
import { connectServer, openTab, plantServers } from './resources-helpers.js';
import { expectNoWholeText, fixtureServer, measureMainThreadLoad, shrinkTraffic } from './tools-helpers.js';

/**
 * Runs `action` (which asks for a large content and waits until it shows), checking that the text
 * never reached the page's main thread whole; returns the fetches of large replies the page made.
 */
async function watchingReplies(page: Page, what: string, action: () => Promise<void>): Promise<string[]> {
  const replyFetches: string[] = [];
  const onRequest = (request: { url(): string }) => {
    if (request.url().includes('/replies/')) replyFetches.push(request.url());
  };
  page.on('request', onRequest);
  const load = await measureMainThreadLoad(page, action);
  page.off('request', onRequest);
  console.log(`${what}: largest WebSocket frame ${load.largestFrame} characters, largest main-thread parse ${load.largestParse}`);
  expectNoWholeText(load);
  return replyFetches;
}

async function readResource(page: Page, uri: string): Promise<void> {
  const resources = page.getByRole('region', { name: 'Resources', exact: true });
  await resources.getByRole('listbox', { name: 'Resource list' }).getByRole('option').filter({ hasText: uri }).click();
}

describe('large resources and prompts', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ prepareDataDir: plantServers([fixtureServer('Big', ['--big-contents', '20'])]) });
    await connectServer(harness.page, 'Big');
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('a 20 MB text shows its lines virtualized without the page holding it, and saves whole', async () => {
    const page = harness.page;
    const resources = await openTab(page, 'Resources');
    const text = resources.getByRole('document', { name: 'Text of fixture://big.txt' });
    const replies = await watchingReplies(page, 'fixture://big.txt', async () => {
      await readResource(page, 'fixture://big.txt');
      await text.getByText('The quick brown fox', { exact: false }).first().waitFor({ timeout: 60_000 });
    });
    expect(replies).toEqual([]);
    const contents = resources.getByRole('region', { name: 'Contents' });
    await contents.getByText(/^[\d,]+ lines$/).first().waitFor();
    expect(await text.getByText('The quick brown fox', { exact: false }).count()).toBeLessThan(80);
    await shrinkTraffic(page);
    await harness.screenshot('resources-large-text');
    const [download] = await Promise.all([page.waitForEvent('download'), contents.getByRole('button', { name: 'Save…', exact: true }).click()]);
    const saved = await downloadText(download);
    expect(saved.length).toBe(20 * 1024 * 1024);
    expect(saved.startsWith('The quick brown fox')).toBe(true);
  });

  test('a 20 MB JSON document shows as a tree, and the raw reply puts its text back', async () => {
    const page = harness.page;
    const resources = await openTab(page, 'Resources');
    const tree = resources.getByRole('tree', { name: 'JSON of fixture://big.json' });
    const replies = await watchingReplies(page, 'fixture://big.json', async () => {
      await readResource(page, 'fixture://big.json');
      await tree.getByRole('treeitem').nth(3).waitFor({ timeout: 60_000 });
    });
    expect(replies).toEqual([]);
    await tree.getByText('Array(', { exact: false }).waitFor();
    expect(await tree.getByRole('treeitem').count()).toBeLessThan(80);
    const contents = resources.getByRole('region', { name: 'Contents' });
    await contents.getByText('Raw reply', { exact: true }).click();
    const raw = contents.getByRole('document', { name: 'Raw reply' });
    await expect.poll(() => raw.textContent(), { timeout: 30_000 }).toContain('"uri": "fixture://big.json"');
    expect(await raw.textContent()).toContain('"text": "[{\\"id\\":1,\\"name\\":\\"item-000001\\"');
    expect(harness.pageErrors).toEqual([]);
  });

  test('a prompt whose messages hold 20 MB of text and a 20 MB embedded resource shows both from the core', async () => {
    const page = harness.page;
    const prompts = await openTab(page, 'Prompts');
    const result = prompts.getByRole('region', { name: 'Prompt result' });
    const text = result.getByRole('document', { name: 'Content of message 1: text' });
    const resource = result.getByRole('tree', { name: 'Content of message 2: resource text' });
    const replies = await watchingReplies(page, 'big-prompt', async () => {
      await prompts.getByRole('listbox', { name: 'Prompt list' }).getByRole('option').filter({ hasText: 'big-prompt' }).click();
      await prompts.getByRole('form', { name: 'Prompt arguments' }).getByRole('button', { name: 'Get prompt' }).click();
      await text.getByText('The quick brown fox', { exact: false }).first().waitFor({ timeout: 60_000 });
      await resource.getByText('item-000001', { exact: false }).first().waitFor({ timeout: 60_000 });
    });
    expect(replies).toEqual([]);
    expect(await text.getByText('The quick brown fox', { exact: false }).count()).toBeLessThan(80);
    await result.scrollIntoViewIfNeeded();
    await harness.screenshot('prompts-large-messages');
    expect(harness.pageErrors).toEqual([]);
  });
});
