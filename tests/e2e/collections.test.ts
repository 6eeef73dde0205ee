/**
 * The Collections tab against server-everything 2026.8.31, with a collection folder the test
 * writes: open it by path, see its requests in a tree, run one and see its checks pass, edit the
 * folder on disk and see the tree follow, and save a tool call from the Tools pane as a new file.
 */
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { selectTool, showTools, useJsonArguments } from './tools-helpers.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EVERYTHING = path.join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');

const COLLECTION = `# server-everything's requests
loupe: 1
name: Everything checks
servers:
  everything:
    command: ${JSON.stringify(process.execPath)}
    args: [${JSON.stringify(EVERYTHING)}, stdio]
`;

const ECHO = `name: Echo hello
tool: echo
arguments:
  message: hello from the collection
checks:
  - outcome: success
  - path: /content/0/text
    contains: hello from the collection
  - latencyMs: 30000
`;

const ADD = `tool: get-sum
arguments: { a: 2, b: 3 }
checks:
  - path: $.content[0].text
    contains: "5"
`;

describe('collections: a folder of saved requests, run against server-everything', () => {
  let harness: Harness;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'loupe-e2e-collection-'));
    await writeFile(path.join(dir, 'collection.yaml'), COLLECTION);
    await writeFile(path.join(dir, 'echo.yaml'), ECHO);
    await mkdir(path.join(dir, 'math'));
    await writeFile(path.join(dir, 'math', 'sum.yaml'), ADD);
    harness = await startHarness();
  });

  afterAll(async () => {
    await harness?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const panel = () => harness.page.getByRole('region', { name: 'Collections', exact: true });
  const tree = () => panel().getByRole('tree', { name: 'Requests' });
  const item = (name: string) => tree().getByRole('treeitem', { name, exact: true });

  async function showCollections(): Promise<Locator> {
    await harness.page.getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name: 'Collections', exact: true }).click();
    return panel();
  }

  test('a folder opened by its path shows its requests as a tree, folders included', async () => {
    const collections = await showCollections();
    await collections.getByRole('textbox', { name: 'Collection folder' }).fill(dir);
    await harness.screenshot('collections-open-form');
    await collections.getByRole('button', { name: 'Open', exact: true }).click();
    await collections.getByRole('heading', { name: 'Everything checks' }).waitFor();
    await item('Echo hello').waitFor();
    expect(await item('math').getAttribute('aria-expanded')).toBe('true');
    expect(await item('math').getAttribute('aria-level')).toBe('1');
    expect(await item('sum').getAttribute('aria-level')).toBe('2');
    expect(await tree().getByRole('treeitem').allInnerTexts()).toHaveLength(3);

    // The keyboard walks the tree: Left on an open folder closes it.
    await item('math').click();
    expect(await item('math').getAttribute('aria-expanded')).toBe('false');
    await tree().press('ArrowRight');
    await item('sum').waitFor();
    await tree().press('ArrowDown');
    expect(await item('sum').getAttribute('aria-selected')).toBe('true');
    await collections.getByRole('region', { name: 'Request math/sum.yaml' }).waitFor();
    await tree().press('ArrowLeft');
    expect(await item('math').getAttribute('aria-selected')).toBe('true');
  });

  test('Run request runs it on the collection’s server, and shows each check passed', async () => {
    const collections = panel();
    await item('Echo hello').click();
    const detail = collections.getByRole('region', { name: 'Request echo.yaml' });
    await detail.getByText('tools/call', { exact: true }).waitFor();
    expect(await detail.getByLabel('Arguments').textContent()).toContain('hello from the collection');
    await detail.getByRole('button', { name: 'Run request' }).click();

    // A first run asks: the command it starts is named, and "Don't run" runs nothing.
    const ask = harness.page.getByRole('dialog', { name: 'Allow “Everything checks” to run?' });
    await ask.waitFor();
    const commands = await ask.getByRole('region', { name: 'Commands it starts' }).getByRole('listitem').allInnerTexts();
    expect(commands).toEqual([`everything ${process.execPath} ${EVERYTHING} stdio`]);
    expect(await ask.getByRole('checkbox', { name: 'Remember for this folder until the collection changes' }).isChecked()).toBe(true);
    await harness.screenshot('collections-consent');
    await ask.getByRole('button', { name: 'Don’t run' }).click();
    await collections.getByText('The run could not start: you did not allow what the collection asks for.').waitFor();
    expect(await harness.page.getByRole('region', { name: 'Servers' }).getByRole('listitem', { name: 'Everything checks · everything' }).count()).toBe(0);

    await detail.getByRole('button', { name: 'Run request' }).click();
    await ask.getByRole('button', { name: 'Allow and run' }).click();
    const run = detail.getByRole('region', { name: 'Last run' });
    await run.getByText('Passed', { exact: true }).waitFor({ timeout: 60_000 });
    const checks = await run.getByRole('list', { name: 'Checks' }).getByRole('listitem').allInnerTexts();
    expect(checks).toHaveLength(3);
    for (const line of checks) expect(line).toMatch(/^✓/);
    expect(await item('Echo hello').getByRole('img', { name: 'Passed' }).count()).toBe(1);
    // The collection's server is now in the server list, as "<collection> · <key>".
    await harness.page.getByRole('region', { name: 'Servers' }).getByRole('listitem', { name: 'Everything checks · everything' }).waitFor();
    await harness.screenshot('collections-run-request');
  });

  test('Run all runs every request and sums them up; a failing check says why', async () => {
    await writeFile(path.join(dir, 'math', 'sum.yaml'), ADD.replace('contains: "5"', 'contains: "6"'));
    const collections = panel();
    await collections.getByRole('button', { name: 'Run all' }).click();
    const summary = collections.getByRole('status', { name: 'Last run' });
    await summary.getByText('Last run: failed').waitFor({ timeout: 60_000 });
    expect(await summary.textContent()).toContain('2 requests: 1 passed, 1 failed');
    await item('sum').click();
    const failed = collections.getByRole('region', { name: 'Request math/sum.yaml' }).getByRole('list', { name: 'Checks' }).getByRole('listitem');
    expect(await failed.first().innerText()).toMatch(/^✗/);
    expect(await failed.first().innerText()).toMatch(/6/);
    await harness.screenshot('collections-run-all');
  });

  test('a file added or renamed on disk shows up in the tree at once', async () => {
    await writeFile(path.join(dir, 'math', 'product.yaml'), 'name: Product\ntool: get-sum\narguments: { a: 1, b: 1 }\n');
    await item('Product').waitFor();
    await writeFile(path.join(dir, 'echo.yaml'), ECHO.replace('name: Echo hello', 'name: Echo renamed'));
    await item('Echo renamed').waitFor();
    expect(await item('Echo hello').count()).toBe(0);
    await writeFile(path.join(dir, 'broken.yaml'), 'tool: echo\narguments:\n  message: a\n  message: b\n');
    await panel().getByRole('list', { name: 'Problems' }).getByText(/broken\.yaml/).waitFor();
    await harness.screenshot('collections-edited-on-disk');
  });

  test('Save as request in the Tools pane writes the tool and its current arguments as a new file', async () => {
    const page = harness.page;
    await page.getByRole('region', { name: 'Servers' }).getByRole('button', { name: 'Everything checks · everything', exact: true }).click();
    const tools = await showTools(page);
    await selectTool(tools, 'echo');
    const editor = await useJsonArguments(tools);
    await editor.fill(JSON.stringify({ message: 'saved from the Tools pane' }));
    await tools.getByRole('button', { name: 'Save as request…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as request' });
    const file = dialog.getByRole('textbox', { name: 'File' });
    // echo.yaml is taken: the offered name is free.
    expect(await file.inputValue()).toBe('echo-2.yaml');
    await file.fill('saved/echo-saved.yaml');
    await dialog.getByRole('textbox', { name: 'Name (optional)' }).fill('Saved echo');
    await harness.screenshot('collections-save-from-tools');
    await dialog.getByRole('button', { name: 'Save request' }).click();
    await dialog.waitFor({ state: 'detached' });
    const text = await readFile(path.join(dir, 'saved', 'echo-saved.yaml'), 'utf8');
    expect(text).toContain('name: Saved echo');
    expect(text).toContain('tool: echo');
    expect(text).toContain('message: saved from the Tools pane');
    expect(text).not.toContain('server:');

    // The new file is in the tree, selected, and runs.
    const collections = await showCollections();
    await item('Saved echo').waitFor();
    const detail = collections.getByRole('region', { name: 'Request saved/echo-saved.yaml' });
    await detail.getByRole('button', { name: 'Run request' }).click();
    await detail.getByRole('region', { name: 'Last run' }).getByText('Passed', { exact: true }).waitFor({ timeout: 60_000 });
  });

  test('Save as request on a traffic row saves that call', async () => {
    const page = harness.page;
    const traffic = page.getByRole('region', { name: 'Traffic' });
    // Only the calls of get-sum: the log's newest rows may have scrolled it out of view.
    await traffic.getByRole('combobox', { name: 'Filter traffic' }).fill('method:tools/call get-sum');
    const grid = traffic.getByRole('grid', { name: 'Traffic log' });
    const row = grid.getByRole('row').filter({ hasText: 'tools/call' }).filter({ hasText: 'get-sum' }).first();
    await row.click({ button: 'right' });
    await page.getByRole('menu').getByRole('menuitem', { name: 'Save as request…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as request' });
    expect(await dialog.getByRole('textbox', { name: 'File' }).inputValue()).toBe('get-sum.yaml');
    await dialog.getByRole('button', { name: 'Save request' }).click();
    await dialog.waitFor({ state: 'detached' });
    const text = await readFile(path.join(dir, 'get-sum.yaml'), 'utf8');
    expect(text).toContain('tool: get-sum');
    expect(text).toMatch(/a: 2\n\s+b: 3/);
    await item('get-sum').waitFor();
    await harness.screenshot('collections-saved-from-traffic');
    await traffic.getByRole('combobox', { name: 'Filter traffic' }).fill('');
  });

  test('Save as request in the Prompts pane keeps the prompt and its arguments', async () => {
    const page = harness.page;
    await page.getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name: 'Prompts', exact: true }).click();
    const prompts = page.getByRole('region', { name: 'Prompts', exact: true });
    await prompts.getByRole('listbox', { name: 'Prompt list' }).getByRole('option').filter({ hasText: 'args-prompt' }).click();
    const form = prompts.getByRole('form', { name: 'Prompt arguments' });
    await form.getByRole('combobox', { name: /^city/ }).fill('Paris');
    await form.getByRole('button', { name: 'Save as request…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as request' });
    expect(await dialog.getByRole('textbox', { name: 'File' }).inputValue()).toBe('args-prompt.yaml');
    await dialog.getByRole('button', { name: 'Save request' }).click();
    await dialog.waitFor({ state: 'detached' });
    const text = await readFile(path.join(dir, 'args-prompt.yaml'), 'utf8');
    expect(text).toContain('prompt: args-prompt');
    expect(text).toContain('city: Paris');
  });

  test('a snapshot is accepted from a run; a later result that differs fails, and its diff shows what changed', async () => {
    const collections = await showCollections();
    const snapshotSum = (b: number) => `tool: get-sum\narguments: { a: 2, b: ${b} }\nchecks:\n  - snapshot: {}\n`;
    await writeFile(path.join(dir, 'math', 'sum.yaml'), snapshotSum(3));
    await item('sum').click();
    const detail = collections.getByRole('region', { name: 'Request math/sum.yaml' });
    const run = detail.getByRole('region', { name: 'Last run' });
    const runOnce = async (status: 'Passed' | 'Failed') => {
      const before = await run.textContent().catch(() => '');
      await detail.getByRole('button', { name: 'Run request' }).click();
      await expect.poll(async () => (await run.textContent()) !== before && (await run.getByText(status, { exact: true }).count()) === 1, { timeout: 60_000 }).toBe(true);
    };

    await runOnce('Failed');
    expect(await run.getByRole('listitem').first().innerText()).toContain('There is no baseline yet');
    await detail.getByRole('button', { name: 'Accept as snapshot' }).click();
    await detail.getByRole('status').filter({ hasText: 'The last result is now the snapshot' }).waitFor();
    await runOnce('Passed');

    await writeFile(path.join(dir, 'math', 'sum.yaml'), snapshotSum(4));
    await expect.poll(async () => detail.getByLabel('Arguments').textContent(), { timeout: 15_000 }).toContain('"b": 4');
    await runOnce('Failed');
    expect(await run.getByRole('listitem').first().innerText()).toContain('differs from its snapshot');

    await detail.getByRole('button', { name: 'Compare with the snapshot' }).click();
    const snapshotDiff = detail.getByRole('region', { name: 'Diff: the snapshot → the last run' });
    await snapshotDiff.getByRole('status').filter({ hasText: '1 changed, 0 added, 0 removed' }).waitFor();
    // The rows come from the core's diff thread after the counts: "…" until they do.
    const firstRow = snapshotDiff.getByRole('list', { name: 'Differences' }).getByRole('listitem').first();
    await expect.poll(() => firstRow.innerText()).toContain('/content/0/text');
    const changed = await firstRow.innerText();
    expect(changed).toContain('5');
    expect(changed).toContain('6');

    const compareRuns = detail.getByRole('button', { name: 'Compare with the run before' });
    expect(await compareRuns.getAttribute('aria-expanded')).toBe('false');
    await compareRuns.click();
    const runsDiff = detail.getByRole('region', { name: 'Diff: the run before → the last run' });
    await runsDiff.getByRole('status').filter({ hasText: '1 changed' }).waitFor();
    // The button says what the second press does, and that the diff it controls is shown (issue 39).
    const hideRuns = detail.getByRole('button', { name: 'Hide the comparison with the run before' });
    expect(await hideRuns.getAttribute('aria-expanded')).toBe('true');
    expect(await detail.getByRole('button', { name: 'Compare with the snapshot' }).getAttribute('aria-expanded')).toBe('false');
    await hideRuns.click();
    await runsDiff.waitFor({ state: 'detached' });
    expect(await compareRuns.getAttribute('aria-expanded')).toBe('false');
    await compareRuns.click();
    await runsDiff.getByRole('status').filter({ hasText: '1 changed' }).waitFor();
    await harness.page.setViewportSize({ width: 1366, height: 768 });
    const dismiss = harness.page.getByRole('button', { name: 'Dismiss notice' });
    // An info notice may also go away by itself between the count and the click: the loop looks again.
    while ((await dismiss.count()) > 0) await dismiss.first().click({ timeout: 5_000 }).catch(() => undefined);
    await harness.page.getByRole('button', { name: 'Hide details' }).click();
    expect(await snapshotDiff.count()).toBe(0);
    await runsDiff.scrollIntoViewIfNeeded();
    await harness.screenshot('collections-diff-1366');
  });

  test('a long collection renders only the rows on screen, and End and Home reach its ends', async () => {
    const collections = await showCollections();
    await mkdir(path.join(dir, 'many'));
    await Promise.all(Array.from({ length: 400 }, (_, index) => writeFile(path.join(dir, 'many', `r${String(index).padStart(3, '0')}.yaml`), 'tool: echo\narguments: { message: hi }\n')));
    await collections.getByText('407 requests', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await tree().getByRole('treeitem').count()).toBeLessThan(80);
    await item('many').click();
    await item('many').click();
    // Folders come first: the last row is the last top-level file, 400 rows down.
    await tree().press('End');
    await item('get-sum').waitFor();
    expect(await item('get-sum').getAttribute('aria-selected')).toBe('true');
    expect(await item('r000').count()).toBe(0);
    expect(await tree().getByRole('treeitem').count()).toBeLessThan(80);
    await tree().press('Home');
    // Folders by name: "many" comes before "math".
    expect(await item('many').getAttribute('aria-selected')).toBe('true');
    await harness.screenshot('collections-long');
  });

  test('the last folder is remembered: after a reload it is filled in', async () => {
    await harness.page.reload();
    const collections = await showCollections();
    await expect.poll(() => collections.getByRole('textbox', { name: 'Collection folder' }).inputValue()).toBe(dir);
    await collections.getByRole('button', { name: 'Open', exact: true }).click();
    await item('many').waitFor();
  });

  test('after the core restarts, the open collection is opened again and runs', async () => {
    const page = harness.page;
    process.kill(await harness.corePid(), 'SIGKILL');
    const banner = page.getByRole('alert').filter({ hasText: 'Core stopped' });
    await banner.getByRole('button', { name: 'Restart core' }).click({ timeout: 15_000 });
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    const collections = await showCollections();
    // Fold the 400 requests away, so the others are on screen.
    await item('many').click();
    expect(await item('many').getAttribute('aria-expanded')).toBe('false');
    await item('Echo renamed').click();
    const detail = collections.getByRole('region', { name: 'Request echo.yaml' });
    await detail.getByLabel('Arguments').waitFor();
    const run = detail.getByRole('region', { name: 'Last run' });
    const before = await run.textContent().catch(() => '');
    await detail.getByRole('button', { name: 'Run request' }).click();
    await expect.poll(async () => (await run.textContent()) !== before && (await run.getByText('Passed', { exact: true }).count()) === 1, { timeout: 60_000 }).toBe(true);
    expect(await collections.getByRole('alert').filter({ hasText: 'not open' }).count()).toBe(0);
  });

  test('checks are added and removed in the app, written to the file with its comments kept, and run (issue 27)', async () => {
    const collections = await showCollections();
    const file = path.join(dir, 'checked.yaml');
    await writeFile(file, '# Written by hand: this comment stays.\nname: Checked echo\ntool: echo\narguments:\n  message: checked by the app # why this message\n');
    // The 400 requests of "many" are folded away (the test before).
    await item('Checked echo').click();
    const detail = collections.getByRole('region', { name: 'Request checked.yaml' });
    const editor = detail.getByRole('region', { name: 'Edit checks' });
    await editor.getByText('None yet: the request passes when it succeeds.').waitFor();
    const form = editor.getByRole('form', { name: 'Add a check' });

    await form.getByRole('combobox', { name: 'Check', exact: true }).selectOption({ label: 'Outcome' });
    await form.getByRole('button', { name: 'Add check' }).click();
    const saved = editor.getByRole('list', { name: 'Check list' }).getByRole('listitem');
    await expect.poll(() => saved.allInnerTexts()).toEqual([expect.stringContaining('outcome is success')]);

    await form.getByRole('combobox', { name: 'Check', exact: true }).selectOption({ label: 'A value in the result' });
    await form.getByRole('combobox', { name: 'Test' }).selectOption({ label: 'contains' });
    await form.getByRole('textbox', { name: 'Value' }).fill('checked by the app');
    await form.getByRole('button', { name: 'Add check' }).click();
    await expect.poll(() => saved.count()).toBe(2);
    // A regex that does not compile is refused with a sentence; a flag the file format does not take is refused by the core. Nothing is written.
    await form.getByRole('combobox', { name: 'Test' }).selectOption({ label: 'matches the regex' });
    await form.getByRole('textbox', { name: 'Regular expression' }).fill('(unclosed');
    await form.getByRole('button', { name: 'Add check' }).click();
    await form.getByRole('alert').filter({ hasText: /^The regular expression does not compile: / }).waitFor();
    await form.getByRole('textbox', { name: 'Regular expression' }).fill('checked');
    await form.getByRole('textbox', { name: 'Flags' }).fill('g');
    await form.getByRole('button', { name: 'Add check' }).click();
    await form.getByRole('alert').filter({ hasText: /^Not saved: checked\.yaml: .*flags i, m, s and u/ }).waitFor();
    expect(await saved.count()).toBe(2);

    const text = await readFile(file, 'utf8');
    expect(text).toContain('# Written by hand: this comment stays.');
    expect(text).toContain('# why this message');
    expect(text).toContain('- outcome: success');
    expect(text).toContain('contains: checked by the app');

    await detail.getByRole('button', { name: 'Run request' }).click();
    const run = detail.getByRole('region', { name: 'Last run' });
    await run.getByText('Passed', { exact: true }).waitFor({ timeout: 60_000 });
    expect(await run.getByRole('list', { name: 'Checks' }).getByRole('listitem').count()).toBe(2);
    await harness.screenshot('collections-checks-editor');

    await editor.getByRole('button', { name: 'Remove check “outcome is success”' }).click();
    await expect.poll(() => saved.count()).toBe(1);
    expect(await readFile(file, 'utf8')).not.toContain('outcome: success');
  });

  test('Create writes a collection.yaml naming the selected server, and opens it', async () => {
    // The selection survives reloads now: choose the demo server, the one the new collection should name.
    const demo = harness.page.getByRole('region', { name: 'Servers' }).getByRole('listitem', { name: 'Everything (demo)' });
    await demo.getByRole('button', { name: 'Everything (demo)', exact: true }).click();
    const collections = await showCollections();
    await collections.getByRole('button', { name: 'Close collection' }).click();
    const created = path.join(dir, 'new-project', '.loupe');
    await collections.getByRole('textbox', { name: 'Collection folder' }).fill(created);
    await collections.getByRole('button', { name: 'Create', exact: true }).click();
    await collections.getByRole('heading', { name: 'new-project' }).waitFor();
    await collections.getByText(/^No requests yet/).waitFor();
    const text = await readFile(path.join(created, 'collection.yaml'), 'utf8');
    expect(text).toContain('name: new-project');
    expect(text).toContain('everything-demo:');
    expect(text).toContain(EVERYTHING);
    await harness.screenshot('collections-created');
  });
});
