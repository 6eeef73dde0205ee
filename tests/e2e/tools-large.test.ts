/**
 * Tools at scale: 1,000 tools listed and filtered, and 20 MB results that reach the page only as
 * the rows on screen (bench/large-result.js and bench/many-tools.js measure the times).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { downloadText, startHarness, type Harness } from './harness.js';
import {
  connectServer,
  expectNoWholeText,
  fixtureServer,
  measureMainThreadLoad,
  plantServers,
  result,
  runWithJson,
  selectServer,
  selectTool,
  shrinkTraffic,
} from './tools-helpers.js';

describe('tools: large lists and results', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({
      prepareDataDir: plantServers(() => [fixtureServer('Big'), fixtureServer('Many', ['--many-tools', '1000'])]),
    });
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('1,000 tools list, filter and scroll, with only the rows on screen in the page', async () => {
    const page = harness.page;
    const tools = await connectServer(page, 'Many');
    await tools.getByText('1,013 tools', { exact: true }).waitFor({ timeout: 30_000 });
    const options = tools.getByRole('option');
    // Virtualized: only the rows on screen exist.
    expect(await options.count()).toBeLessThan(60);
    const filter = tools.getByRole('combobox', { name: 'Filter tools' });
    await filter.pressSequentially('tool-09');
    await tools.getByText('100 of 1,013 tools', { exact: true }).waitFor();
    await filter.fill('number 777');
    await tools.getByText('1 of 1,013 tools', { exact: true }).waitFor();
    await tools.getByRole('option', { name: 'tool-0777', exact: true }).waitFor();
    await filter.fill('');
    // The filter is applied as a deferred value: End must go to the end of the whole list.
    await tools.getByText('1,013 tools', { exact: true }).waitFor();
    const list = tools.getByRole('listbox', { name: 'Tool list' });
    await list.focus();
    await page.keyboard.press('End');
    await tools.getByRole('option', { name: 'tool-1000', exact: true }).waitFor();
    expect(await options.count()).toBeLessThan(60);
  });

  test('a 20 MB JSON result is summarized at once, then shown as a virtualized tree', async () => {
    const page = harness.page;
    const tools = await connectServer(page, 'Big');
    await selectTool(tools, 'big');
    const tree = result(tools).getByRole('tree', { name: 'Result content: text' });
    let shownAfter = 0;
    // The text stays in the core, which prepares its tree: the page fetches no large reply to show it.
    const replyFetches: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (request.url().includes('/replies/')) replyFetches.push(request.url());
    };
    page.on('request', onRequest);
    const load = await measureMainThreadLoad(page, async () => {
      const started = Date.now();
      await runWithJson(tools, { mb: 20, kind: 'json' });
      await tree.getByRole('treeitem').nth(3).waitFor({ timeout: 30_000 });
      shownAfter = Date.now() - started;
    });
    page.off('request', onRequest);
    console.log(`20 MB JSON result: shown ${shownAfter} ms after Run; largest frame ${load.largestFrame}, largest main-thread parse ${load.largestParse}`);
    expectNoWholeText(load);
    expect(replyFetches).toEqual([]);

    const reply = result(tools);
    await reply.getByText(/^20(\.0)? MB$/).first().waitFor();
    await tree.getByText('Array(', { exact: false }).waitFor();
    // Only the rows on screen are in the DOM, although the array has over 100,000 items.
    expect(await tree.getByRole('treeitem').count()).toBeLessThan(80);
    await shrinkTraffic(page);
    await reply.scrollIntoViewIfNeeded();
    await harness.screenshot('tools-large-result');
    await tree.click();
    await page.keyboard.press('End');
    await tree.getByText(/item-1\d{5}/).first().waitFor();
  });

  test('a large text that looks like JSON but is not ends up shown as text, saying why', async () => {
    const tools = await selectServer(harness.page, 'Big');
    const reply = result(tools);
    await runWithJson(tools, { mb: 2, kind: 'broken-json' });
    // Its tree may show first (the core reads the entries on screen); the whole text is checked next.
    await reply.getByText(/^It looks like JSON but does not parse: .*\. Shown as text\.$/).waitFor({ timeout: 30_000 });
    const text = reply.getByRole('document', { name: 'Result content: text' });
    await text.getByText('item-000001', { exact: false }).first().waitFor();
    expect(await reply.getByRole('tree', { name: 'Result content: text' }).count()).toBe(0);
    expect(await reply.getByText('JSON', { exact: true }).count()).toBe(0);
  });

  test('a long text from before a core restart says it is no longer kept, with nothing to copy or save', async () => {
    const page = harness.page;
    let tools = await selectServer(page, 'Big');
    const reply = result(tools);
    await runWithJson(tools, { mb: 1, kind: 'text' });
    const text = reply.getByRole('document', { name: 'Result content: text' });
    await text.getByText('The quick brown fox', { exact: false }).first().waitFor({ timeout: 30_000 });

    process.kill(await harness.corePid(), 'SIGKILL');
    const banner = page.getByRole('alert').filter({ hasText: 'Core stopped' });
    await banner.getByRole('button', { name: 'Restart core' }).click({ timeout: 10_000 });
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    tools = await connectServer(page, 'Big');
    await runWithJson(tools, { mb: 0.01, kind: 'text' });
    await reply.getByText('Success', { exact: true }).waitFor({ timeout: 30_000 });

    // The earlier run, opened again: the new core never held its text.
    await tools.getByText(/Recent runs/).click();
    const earlier = tools.getByRole('list', { name: 'Recent runs' }).getByRole('listitem').filter({ hasText: '"mb":1,' });
    await earlier.getByRole('button', { name: 'Open' }).click();
    await reply.getByText(/^Could not show this 1(\.0)? MB text: This text is no longer kept\.$/).waitFor({ timeout: 5_000 });
    expect(await reply.getByRole('button', { name: 'Copy', exact: true }).count()).toBe(0);
    expect(await reply.getByRole('button', { name: 'Save…', exact: true }).count()).toBe(0);
    await reply.getByRole('button', { name: 'Save reply…' }).click();
    await reply.getByRole('button', { name: 'Save failed' }).waitFor();
    expect(harness.pageErrors.filter((error) => !error.includes('WebSocket'))).toEqual([]);
  });

  test('a 20 MB text result shows its lines virtualized, and the raw reply opens on demand', async () => {
    const page = harness.page;
    const tools = await selectServer(page, 'Big');
    const reply = result(tools);
    const text = reply.getByRole('document', { name: 'Result content: text' });
    const load = await measureMainThreadLoad(page, async () => {
      await runWithJson(tools, { mb: 20, kind: 'text' });
      await text.getByText('The quick brown fox', { exact: false }).first().waitFor({ timeout: 30_000 });
    });
    console.log(`20 MB text result: largest frame ${load.largestFrame}, largest main-thread parse ${load.largestParse}`);
    expectNoWholeText(load);
    await reply.getByText(/^[\d,]+ lines$/).first().waitFor();
    expect(await text.getByText('The quick brown fox', { exact: false }).count()).toBeLessThan(80);
    // Saved whole, although the page only ever held the rows on screen.
    const [download] = await Promise.all([page.waitForEvent('download'), reply.getByRole('button', { name: 'Save…', exact: true }).click()]);
    const saved = await downloadText(download);
    expect(saved.length).toBe(20 * 1024 * 1024);
    expect(saved.startsWith('The quick brown fox')).toBe(true);
    await reply.getByText('Raw reply', { exact: true }).click();
    // The raw reply puts the held text back in its place.
    const raw = reply.getByRole('document', { name: 'Raw reply' });
    await expect.poll(() => raw.textContent(), { timeout: 30_000 }).toContain('"type": "text"');
    expect(await raw.textContent()).toContain('"text": "The quick brown fox');
    expect(harness.pageErrors).toEqual([]);
  });
});
