/**
 * Tools against servers that misbehave: a nested-schema form, non-conforming and hostile replies,
 * cancelling, timeouts from the server form, duplicate names, odd content, a 10,000-level
 * document, structuredContent that breaks its schema, a server without tools, and the history.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import {
  connectServer,
  fixtureServer,
  outputMismatchServer,
  plantServers,
  result,
  runWithJson,
  selectServer,
  selectTool,
  shrinkTraffic,
  useFormArguments,
  useJsonArguments,
} from './tools-helpers.js';

/** With --duplicate-tools there are two options named echo (both flagged): the first is the one calls run. */
async function selectEcho(tools: Locator): Promise<void> {
  await tools.getByRole('combobox', { name: 'Filter tools' }).fill('echo');
  await tools.getByRole('option').first().click();
  await tools.getByRole('region', { name: 'Tool echo', exact: true }).waitFor();
}

/** The argument editor's text, as JSON. */
async function editorJson(tools: Locator): Promise<unknown> {
  const text = await tools.getByRole('textbox', { name: 'Arguments' }).textContent();
  return JSON.parse(text ?? '');
}

describe('tools: the fixture server', () => {
  let harness: Harness;
  let dialogs = 0;

  beforeAll(async () => {
    harness = await startHarness({
      viewport: { width: 1440, height: 1000 },
      prepareDataDir: plantServers((dataDir) => [
        fixtureServer('Fixture', ['--many-tools', '20', '--duplicate-tools']),
        outputMismatchServer(dataDir, 'Mismatch'),
        outputMismatchServer(dataDir, 'No tools', ['--no-tools']),
      ]),
    });
    harness.page.on('dialog', (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('a nested schema becomes a form with fieldsets and lists, in sync with the JSON both ways', async () => {
    const page = harness.page;
    const tools = await connectServer(page, 'Fixture');
    await selectTool(tools, 'tool-0003');
    const form = await useFormArguments(tools);

    await form.getByRole('button', { name: 'Add target' }).click();
    const target = form.getByRole('group', { name: 'target' });
    const host = target.getByRole('textbox', { name: 'host' });
    expect(await host.getAttribute('aria-required')).toBe('true');
    await host.fill('example.com');
    await target.getByRole('textbox', { name: 'port' }).fill('80x');
    await form.getByRole('button', { name: 'Add tags', exact: true }).click();
    const tags = form.getByRole('group', { name: 'tags' });
    await tags.getByRole('button', { name: 'Add tags item' }).click();
    await tags.getByRole('button', { name: 'Add tags item' }).click();
    await tags.getByRole('textbox', { name: 'Item 1' }).fill('a');
    await tags.getByRole('textbox', { name: 'Item 2' }).fill('b');
    await tags.getByRole('button', { name: 'Move tags item 2 up' }).click();

    // A port that is not a whole number is caught before sending, at its field.
    await tools.getByRole('button', { name: 'Run tool' }).click();
    await tools.getByRole('alert').filter({ hasText: '/target/port' }).waitFor();
    await target.getByText('Must be a whole number.').waitFor();
    await harness.screenshot('tools-form-errors');
    await target.getByRole('textbox', { name: 'port' }).fill('8080');
    await expect.poll(() => tools.getByRole('alert').filter({ hasText: 'input schema' }).count()).toBe(0);
    await shrinkTraffic(page);
    await harness.screenshot('tools-form');

    await useJsonArguments(tools);
    await expect.poll(() => editorJson(tools)).toEqual({ target: { host: 'example.com', port: 8080 }, tags: ['b', 'a'] });
    await tools.getByRole('textbox', { name: 'Arguments' }).fill('{"target": {"host": "example.com", "port": 9090}, "tags": ["b", "a"], "extra": true}');
    const back = await useFormArguments(tools);
    expect(await back.getByRole('group', { name: 'target' }).getByRole('textbox', { name: 'port' }).inputValue()).toBe('9090');
    await back.getByText(/Also set: “extra”/).waitFor();
    await useJsonArguments(tools);
    await expect.poll(() => editorJson(tools)).toEqual({ target: { host: 'example.com', port: 9090 }, tags: ['b', 'a'], extra: true });

    await tools.getByRole('button', { name: 'Run tool' }).click();
    await result(tools).getByText('Success', { exact: true }).waitFor();
    await expect.poll(() => result(tools).getByLabel('Result content: text', { exact: true }).textContent()).toContain('"port":9090');
  });

  test('the JSON editor flags schema errors in place and completes property names', async () => {
    const page = harness.page;
    const tools = page.getByRole('region', { name: 'Tools', exact: true });
    await selectTool(tools, 'tool-0001');
    const editor = await useJsonArguments(tools);
    await editor.fill('{"count": 500}');
    // The schema error is underlined in place and said in the editor's status line.
    await tools.getByText('1 schema problem: /count: Must be at most 100.').waitFor();
    await harness.screenshot('tools-json-errors');
    await editor.press('Control+End');
    await editor.press('ArrowLeft');
    await page.keyboard.type(', "ver');
    await expect.poll(() => editor.textContent()).toBe('{"count": 500, "ver"}');
    await page.keyboard.press('Control+Space');
    await page.getByRole('listbox', { name: 'Completions' }).getByRole('option', { name: /verbose/ }).waitFor();
    // CodeMirror ignores Enter for 75 ms after the list opens, so a fast typist does not accept by accident.
    await page.waitForTimeout(150);
    await page.keyboard.press('Enter');
    await expect.poll(() => editor.textContent()).toBe('{"count": 500, "verbose": false}');
    await editor.fill('{"count": 5');
    await tools.getByText(/^Not valid JSON: /).waitFor();

    // Select all, then type an opening brace: it replaces the text (with its pair), not wraps it.
    await editor.press('Control+a');
    await page.keyboard.type('{');
    await expect.poll(() => editor.textContent()).toBe('{}');
    await page.keyboard.type('"count": 1');
    await expect.poll(() => editor.textContent()).toBe('{"count": 1}');
  });

  test('a semem-like reply that breaks the schema shows each violation and the reply exactly', async () => {
    const page = harness.page;
    const tools = page.getByRole('region', { name: 'Tools', exact: true });
    await selectTool(tools, 'semem-result');
    const form = await useFormArguments(tools);
    await form.getByText('min 1, max 50 (non-standard “min”/“max”: not enforced)').waitFor();
    const reply = await runWithJson(tools, {});
    await reply.getByText('Non-conforming reply', { exact: true }).first().waitFor();
    const violations = reply.getByRole('note', { name: 'Schema violations' });
    expect(await violations.textContent()).toContain('/content');
    await expect.poll(() => violations.getByLabel('Raw reply', { exact: true }).textContent()).toContain('"content": "plain string"');
    await reply.getByText('“content” is a string, not an array of content blocks.', { exact: false }).waitFor();
    await shrinkTraffic(page);
    await reply.scrollIntoViewIfNeeded();
    await harness.screenshot('tools-violations');

    // The log says the same: the call's row is found by is:violation, and its detail names the break (issue 24).
    const traffic = page.getByRole('region', { name: 'Traffic' });
    const splitter = page.getByRole('separator', { name: 'Resize traffic panel' });
    await splitter.focus();
    await page.keyboard.press('End');
    const filter = traffic.getByRole('combobox', { name: 'Filter traffic' });
    await filter.fill('is:violation name:semem-result');
    const row = traffic.getByRole('grid', { name: 'Traffic log' }).getByRole('row').filter({ hasText: 'semem-result' });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('gridcell', { name: 'OK · violation', exact: true }).waitFor();
    await row.click();
    const detail = traffic.getByRole('region', { name: 'Message detail' });
    await detail.getByText(/^The result breaks the MCP schema at \/content: /).first().waitFor();
    await harness.screenshot('traffic-schema-violation');
    await traffic.getByRole('button', { name: 'Close detail' }).click();
    await filter.fill('');
    await shrinkTraffic(page);
  });

  test('hostile markup in a tool and its result shows as text and never runs', async () => {
    const page = harness.page;
    const tools = page.getByRole('region', { name: 'Tools', exact: true });
    await selectTool(tools, 'hostile');
    const detail = tools.getByRole('region', { name: 'Tool hostile' });
    await detail.getByRole('heading', { name: '<i>Hostile</i> tool' }).waitFor();
    await detail.getByText('<script>alert("description")</script><img src=x onerror=alert(3)>', { exact: false }).waitFor();
    const reply = await runWithJson(tools, {});
    await expect.poll(() => reply.getByLabel('Result content: text', { exact: true }).textContent()).toBe(
      '<img src=x onerror=alert(1)><script>alert(2)</script>',
    );
    const injected = await page.evaluate(() => ({
      handlers: document.querySelectorAll('[onerror], [onload], [onclick]').length,
      scripts: [...document.querySelectorAll('script')].filter((script) => !script.src).length,
      images: [...document.querySelectorAll('img')].filter((image) => image.getAttribute('src') === 'x').length,
      italics: document.querySelectorAll('main i, main b').length,
    }));
    expect(injected).toEqual({ handlers: 0, scripts: 0, images: 0, italics: 0 });
    expect(dialogs).toBe(0);
  });

  test('a slow call shows progress and can be cancelled (notifications/cancelled)', async () => {
    const page = harness.page;
    const tools = page.getByRole('region', { name: 'Tools', exact: true });
    await selectTool(tools, 'slow');
    const reply = await runWithJson(tools, { ms: 30_000 });
    const bar = reply.getByRole('progressbar', { name: 'Call progress' });
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await bar.getAttribute('aria-valuemax')).toBe('30000');
    await reply.getByText(/Waited \d+ of 30000 ms/).waitFor();
    await reply.getByRole('button', { name: 'Cancel call' }).click();
    await reply.getByText('Cancelled', { exact: true }).first().waitFor({ timeout: 10_000 });
    const traffic = page.getByRole('region', { name: 'Traffic' });
    await traffic.getByRole('row').filter({ hasText: 'notifications/cancelled' }).first().waitFor();
  });

  // The first moment itself (a quick run never shown as running) is timed with fake timers in
  // tests/component/use-settled-run.test.tsx; here the real page shows a slow run as running.
  test('a slow run is shown as running, sends once when Run is pressed twice, and scrolls nothing when its result is in view', async () => {
    const page = harness.page;
    const tools = page.getByRole('region', { name: 'Tools', exact: true });
    await selectTool(tools, 'slow');
    const reply = await runWithJson(tools, { ms: 1 });
    await reply.getByText('Success', { exact: true }).waitFor({ timeout: 10_000 });
    const runsBefore = Number((await tools.getByText(/^Recent runs/).textContent())?.match(/\((\d+)\)/)?.[1]);
    await tools.getByRole('textbox', { name: 'Arguments' }).fill(JSON.stringify({ ms: 300 }));
    // Let the arguments' check answer, as a person's click would.
    await tools.getByText('Valid JSON that matches the schema.').waitFor();

    const seen = await page.evaluate(async () => {
      const region = document.querySelector('section[aria-label="Tools"]')!;
      const button = [...region.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === 'Run tool')!;
      const previous = region.querySelector('section[aria-label="Result"]');
      const scrollers: Element[] = [];
      for (let element = previous?.parentElement; element; element = element.parentElement) scrollers.push(element);
      const scrollTops = () => scrollers.map((element) => element.scrollTop);
      const topsBefore = scrollTops();
      let runningShown = false;
      const done = new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          const shown = region.querySelector('section[aria-label="Result"]');
          if (!shown || shown === previous) return;
          if (shown.getAttribute('aria-busy') === 'true') runningShown = true;
          else if (shown.textContent?.includes('Success')) {
            observer.disconnect();
            resolve();
          }
        });
        observer.observe(region, { subtree: true, childList: true, attributes: true, characterData: true });
      });
      button.click();
      button.click();
      await done;
      // Two frames: a scroll into view would have happened by then.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return { runningShown, resultWasInView: previous !== null, topsBefore, topsAfter: scrollTops() };
    });
    expect(seen.runningShown).toBe(true);
    expect(seen.topsAfter).toEqual(seen.topsBefore);
    await expect.poll(async () => tools.getByText(/^Recent runs/).textContent()).toContain(`(${runsBefore + 1})`);
  });

  test('the server form sets default call timeouts; the tool can override them per call', async () => {
    const page = harness.page;
    const item = page.getByRole('region', { name: 'Servers' }).getByRole('listitem', { name: 'Fixture' });
    await item.getByRole('button', { name: /Edit/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Timeout (seconds)' }).fill('1');
    await dialog.getByRole('checkbox', { name: 'Each progress notification restarts the timeout' }).uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = JSON.parse(await readFile(path.join(harness.dataDir, 'servers.json'), 'utf8')) as {
      servers: Array<{ name: string; timeouts?: unknown }>;
    };
    expect(saved.servers.find((server) => server.name === 'Fixture')?.timeouts).toEqual({
      timeoutMs: 1000,
      maxTotalTimeoutMs: 600_000,
      resetTimeoutOnProgress: false,
    });

    const tools = page.getByRole('region', { name: 'Tools', exact: true });
    await selectTool(tools, 'slow');
    const reply = await runWithJson(tools, { ms: 3000 });
    await reply.getByText('Timed out', { exact: true }).waitFor({ timeout: 10_000 });

    // A per-call override beats the server's default.
    await tools.getByText('Call options').click();
    await tools.getByRole('textbox', { name: 'Timeout (seconds)' }).fill('10');
    await tools.getByRole('button', { name: 'Run tool' }).click();
    await reply.getByText('Success', { exact: true }).waitFor({ timeout: 10_000 });
  });

  test('duplicate tool names are listed both and flagged', async () => {
    const tools = harness.page.getByRole('region', { name: 'Tools', exact: true });
    await tools.getByRole('combobox', { name: 'Filter tools' }).fill('echo');
    const options = tools.getByRole('option');
    await expect.poll(() => options.count()).toBe(2);
    await options.nth(1).click();
    await tools.getByText('2 tools named “echo”').waitFor();
    expect(await options.nth(0).textContent()).toContain('duplicate');
    expect(await options.nth(1).textContent()).toContain('duplicate');
  });

  test('two tools of one name keep their own results and run history', async () => {
    const tools = harness.page.getByRole('region', { name: 'Tools', exact: true });
    await tools.getByRole('combobox', { name: 'Filter tools' }).fill('echo');
    const options = tools.getByRole('option');
    await options.nth(0).click();
    const reply = await runWithJson(tools, { message: 'from the first echo' });
    await reply.getByText('Success', { exact: true }).waitFor({ timeout: 10_000 });
    await options.nth(1).click();
    await tools.getByText('2 tools named “echo”').waitFor();
    // The second echo has not run: no result, no history, and its arguments are not the first's.
    expect(await result(tools).count()).toBe(0);
    expect(await tools.getByText('Recent runs').count()).toBe(0);
    await options.nth(0).click();
    await result(tools).getByText('Success', { exact: true }).waitFor();
  });

  test('an image that does not decode, and an unknown content type, say so', async () => {
    const tools = harness.page.getByRole('region', { name: 'Tools', exact: true });
    await selectTool(tools, 'bad-image');
    const reply = await runWithJson(tools, {});
    await reply.getByText(/could not be decoded as image\/png/).waitFor();
    expect(await reply.getByRole('img').count()).toBe(0);

    await selectTool(tools, 'unknown-content');
    await runWithJson(tools, {});
    await reply.getByText('Unknown content type “hologram”', { exact: false }).waitFor();
    await expect.poll(() => reply.getByRole('tree', { name: 'Result content: as sent' }).textContent()).toContain('volumetric');
  });

  test('a JSON document nested 10,000 levels deep renders without crashing', async () => {
    const tools = harness.page.getByRole('region', { name: 'Tools', exact: true });
    await selectTool(tools, 'deep');
    const reply = await runWithJson(tools, {});
    const tree = reply.getByRole('tree', { name: 'Result content: text' });
    await tree.waitFor();
    await tree.getByRole('treeitem').first().waitFor();
    await tree.click();
    await reply.getByRole('button', { name: 'Expand all below' }).click();
    await tree.getByText(/^depth [\d,]+$/).first().waitFor();
    await tree.press('End');
    await expect.poll(() => tree.getByText(/^depth 9,999$/).count()).toBeGreaterThan(0);
    expect(harness.pageErrors).toEqual([]);
  });

  test('structuredContent that breaks the output schema lists each failing path', async () => {
    const tools = await connectServer(harness.page, 'Mismatch');
    await selectTool(tools, 'weather-wrong');
    const reply = await runWithJson(tools, {});
    const structured = reply.getByRole('region', { name: 'Structured content' });
    await structured.getByText('Does not match the output schema').waitFor();
    const errors = structured.getByRole('list', { name: 'Output schema errors' });
    expect(await errors.textContent()).toContain('/temperature Must be a number.');
    expect(await errors.textContent()).toContain('/conditions Required.');
    await harness.screenshot('tools-structured-fail');
  });

  test('a server without the tools capability says so instead of showing an empty list', async () => {
    const tools = await connectServer(harness.page, 'No tools');
    await tools.getByText('This server does not offer tools', { exact: false }).waitFor();
    expect(await tools.getByRole('listbox').count()).toBe(0);
  });

  test('recent runs are kept across a reload: the next run starts from the last arguments', async () => {
    const page = harness.page;
    let tools = await selectServer(page, 'Fixture');
    await selectEcho(tools);
    await runWithJson(tools, { message: 'first' });
    await result(tools).getByText('Success', { exact: true }).waitFor();
    await runWithJson(tools, { message: 'second' });
    await expect.poll(() => result(tools).getByLabel('Result content: text', { exact: true }).textContent()).toBe('Echo: second');

    await page.reload();
    tools = await selectServer(page, 'Fixture');
    await selectEcho(tools);
    await useJsonArguments(tools);
    await expect.poll(() => editorJson(tools)).toEqual({ message: 'second' });
    await tools.getByText(/Recent runs/).click();
    const runs = tools.getByRole('list', { name: 'Recent runs' }).getByRole('listitem');
    expect(await runs.count()).toBeGreaterThanOrEqual(2);
    await runs.filter({ hasText: '"first"' }).getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => result(tools).getByLabel('Result content: text', { exact: true }).textContent()).toBe('Echo: first');
    await expect.poll(() => editorJson(tools)).toEqual({ message: 'first' });
    expect(harness.pageErrors).toEqual([]);
  });

  test('Form or JSON is chosen per tool, and the tool filter per server', async () => {
    const page = harness.page;
    const tools = harness.page.getByRole('region', { name: 'Tools', exact: true });
    const modeOf = async () =>
      (await tools.getByRole('group', { name: 'Edit arguments as' }).getByRole('button', { name: 'JSON' }).getAttribute('aria-pressed')) === 'true' ? 'json' : 'form';
    await selectTool(tools, 'tool-0003');
    await useJsonArguments(tools);
    await selectTool(tools, 'tool-0004');
    expect(await modeOf()).toBe('form');
    await selectTool(tools, 'tool-0003');
    expect(await modeOf()).toBe('json');

    await tools.getByRole('combobox', { name: 'Filter tools' }).fill('tool-0003');
    // Mismatch was connected by an earlier test.
    await selectServer(page, 'Mismatch');
    expect(await tools.getByRole('combobox', { name: 'Filter tools' }).inputValue()).toBe('');
    await selectServer(page, 'Fixture');
    expect(await tools.getByRole('combobox', { name: 'Filter tools' }).inputValue()).toBe('tool-0003');
  });

  test('an optional boolean is a checkbox that starts unset, and Unset leaves it out again', async () => {
    const tools = harness.page.getByRole('region', { name: 'Tools', exact: true });
    await selectServer(harness.page, 'Fixture');
    await selectTool(tools, 'tool-0001');
    const form = await useFormArguments(tools);
    const verbose = form.getByRole('checkbox', { name: 'verbose' });
    expect(await verbose.evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true);
    await form.getByText('not set (left out)').waitFor();
    await verbose.click();
    await form.getByText('true', { exact: true }).waitFor();
    await harness.screenshot('tools-boolean');
    await verbose.click();
    await form.getByText('false', { exact: true }).waitFor();
    await useJsonArguments(tools);
    expect(await editorJson(tools)).toMatchObject({ verbose: false });
    await useFormArguments(tools);
    await form.getByRole('button', { name: 'Unset verbose' }).click();
    await form.getByText('not set (left out)').waitFor();
    await useJsonArguments(tools);
    expect(await editorJson(tools)).not.toHaveProperty('verbose');
  });
});
