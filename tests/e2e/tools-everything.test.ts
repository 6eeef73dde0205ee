/**
 * Tools against server-everything 2026.8.31: the generated form and argument validation,
 * progress, an image result, structuredContent checked against the output schema, and a
 * resource link that opens the Resources tab.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import {
  connectServer,
  everythingServer,
  plantServers,
  result,
  runWithJson,
  selectTool,
  shrinkTraffic,
  useFormArguments,
} from './tools-helpers.js';

describe('tools: server-everything', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ prepareDataDir: plantServers(() => [everythingServer('Everything')]) });
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('the list shows titles beside names, annotation badges and a count', async () => {
    const tools = await connectServer(harness.page, 'Everything');
    await tools.getByRole('option').first().waitFor({ timeout: 30_000 });
    expect(await tools.getByText(/^\d+ tools$/).textContent()).toMatch(/^\d+ tools$/);
    await tools.getByRole('combobox', { name: 'Filter tools' }).fill('structured');
    await expect.poll(() => tools.getByText(/^1 of \d+ tools$/).count()).toBe(1);
    await selectTool(tools, 'get-structured-content');
    const detail = tools.getByRole('region', { name: 'Tool get-structured-content' });
    await detail.getByRole('heading', { name: 'Get Structured Content Tool' }).waitFor();
    const readOnly = detail.getByTitle(/^Read-only: /);
    await readOnly.waitFor();
    expect(await readOnly.textContent()).toMatch(/^read-only/);
    expect(await detail.getByTitle(/^Idempotent: /).textContent()).toMatch(/^idempotent/);
    // readOnlyHint true with destructiveHint false: not destructive, not open world.
    expect(await detail.getByTitle(/^(Destructive|Open world): /).count()).toBe(0);
  });

  test('a missing required argument is shown by its field before sending, and can be sent anyway', async () => {
    const page = harness.page;
    const tools = page.getByRole('region', { name: 'Tools', exact: true });
    const form = await useFormArguments(tools);
    const location = form.getByRole('combobox', { name: 'location' });
    await location.waitFor();
    expect(await location.getAttribute('aria-required')).toBe('true');
    const calls = page.getByRole('region', { name: 'Traffic' }).getByRole('row').filter({ hasText: 'tools/call' });
    const callsBefore = await calls.count();

    await tools.getByRole('button', { name: 'Run tool' }).click();
    const problem = tools.getByRole('alert').filter({ hasText: 'do not match the tool’s input schema' });
    await problem.waitFor();
    expect(await problem.textContent()).toContain('/location');
    await form.getByText('Required.', { exact: true }).waitFor();
    expect(await location.getAttribute('aria-invalid')).toBe('true');
    expect(await calls.count()).toBe(callsBefore);

    await problem.getByRole('button', { name: 'Send anyway' }).click();
    const reply = result(tools);
    await reply.getByText(/Tool error|Failed/).first().waitFor({ timeout: 15_000 });
    await expect.poll(() => calls.count()).toBeGreaterThan(callsBefore);
  });

  test('a required text field left empty is flagged, and can still be sent as ""', async () => {
    const page = harness.page;
    const tools = page.getByRole('region', { name: 'Tools', exact: true });
    await selectTool(tools, 'echo');
    const form = await useFormArguments(tools);
    const message = form.getByRole('textbox', { name: 'message' });
    await message.fill('');
    await tools.getByRole('button', { name: 'Run tool' }).click();
    const problem = tools.getByRole('alert').filter({ hasText: 'do not match the tool’s input schema' });
    await problem.waitFor();
    await form.getByText('Required, but left empty.', { exact: true }).waitFor();
    expect(await message.getAttribute('aria-invalid')).toBe('true');
    await problem.getByRole('button', { name: 'Send anyway' }).click();
    await result(tools).getByText('Success', { exact: true }).waitFor({ timeout: 15_000 });
    // Typing a value clears the warning for the next run.
    await message.fill('hello');
    await tools.getByRole('button', { name: 'Run tool' }).click();
    await result(tools).getByText('Echo: hello', { exact: false }).first().waitFor({ timeout: 15_000 });
    expect(await form.getByText('Required, but left empty.').count()).toBe(0);
    await selectTool(tools, 'get-structured-content');
  });

  test('choosing the value in the form clears the error; structuredContent matches the output schema', async () => {
    const tools = harness.page.getByRole('region', { name: 'Tools', exact: true });
    const form = await useFormArguments(tools);
    await form.getByRole('combobox', { name: 'location' }).selectOption({ label: 'Chicago' });
    // The core re-checks ~150 ms after the change.
    await expect.poll(() => tools.getByRole('alert').filter({ hasText: 'input schema' }).count()).toBe(0);
    await tools.getByRole('button', { name: 'Run tool' }).click();
    const reply = result(tools);
    await reply.getByText('Success', { exact: true }).waitFor();
    const structured = reply.getByRole('region', { name: 'Structured content' });
    await structured.getByText('Matches the output schema').waitFor();
    await structured.getByRole('tree', { name: 'structuredContent' }).getByText('"Light rain / drizzle"').waitFor();
    // The text content parses as JSON: shown as a tree, with a raw toggle.
    const text = reply.getByRole('tree', { name: 'Result content: text' });
    await text.getByText('humidity').waitFor();
    await reply.getByRole('group', { name: 'Result content: text: view' }).getByRole('button', { name: 'Raw' }).click();
    await expect.poll(() => reply.getByLabel('Result content: text', { exact: true }).textContent()).toContain('"conditions":"Light rain / drizzle"');
  });

  test('a long-running operation shows live progress', async () => {
    const page = harness.page;
    const tools = page.getByRole('region', { name: 'Tools', exact: true });
    await selectTool(tools, 'trigger-long-running-operation');
    const reply = await runWithJson(tools, { duration: 4, steps: 8 });
    const bar = reply.getByRole('progressbar', { name: 'Call progress' });
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await bar.getAttribute('aria-valuemax')).toBe('8');
    await shrinkTraffic(page);
    await harness.screenshot('tools-progress');
    const first = Number(await bar.getAttribute('aria-valuenow'));
    await expect.poll(async () => Number((await bar.getAttribute('aria-valuenow')) ?? 8), { timeout: 10_000 }).toBeGreaterThan(first);
    await reply.getByText('Success', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await bar.count()).toBe(0);
  });

  test('an image result is rendered from its base64 data', async () => {
    const page = harness.page;
    const tools = page.getByRole('region', { name: 'Tools', exact: true });
    await selectTool(tools, 'get-tiny-image');
    const reply = await runWithJson(tools, {});
    const image = reply.getByRole('img', { name: /image/ });
    await image.waitFor();
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await reply.getByText(/image\/png · [\d.]+ KB · \d+ × \d+ px/).waitFor();
    await shrinkTraffic(page);
    await image.scrollIntoViewIfNeeded();
    await harness.screenshot('tools-result-image');
  });

  test('a resource link opens the Resources tab on that resource', async () => {
    const page = harness.page;
    const tools = page.getByRole('region', { name: 'Tools', exact: true });
    await selectTool(tools, 'get-resource-links');
    const reply = await runWithJson(tools, { count: 2 });
    await reply.getByText('Success', { exact: true }).waitFor();
    const link = reply.getByRole('button', { name: /Resource 1/ }).first();
    const uri = (await link.getAttribute('title'))?.replace(/^Open (.*) in the Resources tab$/, '$1') ?? '';
    expect(uri).toMatch(/^demo:\/\//);
    await link.click();
    const features = page.getByRole('tablist', { name: 'Server features' });
    await expect.poll(() => features.getByRole('tab', { name: 'Resources' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('region', { name: 'Resources', exact: true }).getByText(uri).first().waitFor();
    await features.getByRole('tab', { name: 'Tools' }).click();
    expect(harness.pageErrors).toEqual([]);
  });
});
