import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';

const DEMO_SERVER = 'Everything (demo)';

describe('foundation: connect to the demo server, run a tool, see the traffic', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('the demo server is listed in the Servers region', async () => {
    const servers = harness.page.getByRole('region', { name: 'Servers' });
    await servers.getByRole('listitem', { name: DEMO_SERVER }).waitFor();
    expect(await servers.getByRole('listitem', { name: DEMO_SERVER }).count()).toBe(1);
  });

  test('Connect makes it connected', async () => {
    const item = harness.page.getByRole('region', { name: 'Servers' }).getByRole('listitem', { name: DEMO_SERVER });
    await item.getByRole('button', { name: 'Connect', exact: true }).click();
    await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
    await item.getByRole('button', { name: 'Disconnect', exact: true }).waitFor();
  });

  test('the Tools region lists every tool the server reports', async () => {
    const page = harness.page;
    const tools = page.getByRole('region', { name: 'Tools' });
    const options = tools.getByRole('option');
    await options.first().waitFor({ timeout: 30_000 });
    const countText = await tools.getByText(/^\d+ tools?$/).textContent();
    const reported = Number(/^(\d+)/.exec(countText ?? '')?.[1]);
    expect(reported).toBeGreaterThan(10);
    // The list is virtualized (only rows on screen exist); each option carries the list's size.
    expect(Number(await options.first().getAttribute('aria-setsize'))).toBe(reported);

    // The count must match what the server sent in its (latest) tools/list response, seen in Traffic:
    // one row per request, with its response beside it in the detail.
    const traffic = page.getByRole('region', { name: 'Traffic' });
    const listRows = traffic.getByRole('row').filter({ has: page.getByRole('gridcell', { name: 'tools/list', exact: true }) });
    await listRows.last().click();
    const detail = traffic.getByRole('region', { name: 'Message detail' });
    await detail.getByRole('region', { name: 'Response', exact: true }).getByRole('button', { name: 'Raw' }).click();
    const json = JSON.parse((await detail.getByLabel('Response raw text').textContent()) ?? '') as {
      result?: { tools?: unknown[] };
    };
    expect(json.result?.tools?.length).toBe(reported);
  });

  test('running echo shows its result', async () => {
    const tools = harness.page.getByRole('region', { name: 'Tools' });
    await tools.getByRole('option', { name: 'echo', exact: true }).click();
    // The arguments start as a form generated from the schema; the JSON editor is one click away.
    await tools.getByRole('group', { name: 'Edit arguments as' }).getByRole('button', { name: 'JSON' }).click();
    const args = tools.getByRole('textbox', { name: 'Arguments' });
    await args.fill('{"message":"hello"}');
    await tools.getByRole('button', { name: 'Run tool' }).click();
    const result = tools.getByRole('region', { name: 'Result' });
    await result.getByText('Success', { exact: true }).waitFor();
    await expect.poll(() => result.getByLabel('Result content: text', { exact: true }).textContent()).toContain('Echo: hello');
  });

  test('invalid JSON arguments show an error and make no call', async () => {
    const page = harness.page;
    const tools = page.getByRole('region', { name: 'Tools' });
    const callRows = page.getByRole('region', { name: 'Traffic' }).getByRole('row').filter({ hasText: 'tools/call' });
    // The echo call's row arrives in a traffic batch, possibly after its result showed.
    await callRows.first().waitFor();
    const callsBefore = await callRows.count();
    await tools.getByRole('textbox', { name: 'Arguments' }).fill('{"message": ');
    await tools.getByRole('button', { name: 'Run tool' }).click();
    await tools.getByRole('alert').filter({ hasText: 'not valid JSON' }).waitFor();
    expect(await callRows.count()).toBe(callsBefore);
    await tools.getByRole('textbox', { name: 'Arguments' }).fill('{"message":"hello"}');
  });

  test('the Traffic region shows initialize and tools/call', async () => {
    const traffic = harness.page.getByRole('region', { name: 'Traffic' });
    await traffic.getByRole('row').filter({ hasText: 'initialize' }).first().waitFor();
    await traffic.getByRole('row').filter({ hasText: 'tools/call' }).first().waitFor();
    expect(await traffic.getByRole('row').filter({ hasText: 'initialize' }).count()).toBeGreaterThanOrEqual(1);
    expect(await traffic.getByRole('row').filter({ hasText: 'tools/call' }).count()).toBeGreaterThanOrEqual(1);
    await traffic.getByRole('row').filter({ hasText: 'tools/call' }).last().click();
    await harness.screenshot('foundation');
  });

  test('the keyboard moves through traffic rows and tools', async () => {
    const page = harness.page;
    const traffic = page.getByRole('region', { name: 'Traffic' });
    const selectedRow = traffic.getByRole('row', { selected: true });
    const detail = traffic.getByRole('region', { name: 'Message detail' });
    await selectedRow.focus();
    const before = Number(await selectedRow.getByRole('gridcell').first().textContent());
    await page.keyboard.press('ArrowUp');
    // Responses are folded into their request's row, so the row above has a smaller seq, not always seq - 1.
    await expect.poll(async () => Number(await selectedRow.getByRole('gridcell').first().textContent())).toBeLessThan(before);
    const after = Number(await selectedRow.getByRole('gridcell').first().textContent());
    await expect.poll(() => detail.textContent()).toContain(`#${after}`);

    // The tool list is a virtualized listbox: it keeps focus and names the selected row with aria-activedescendant.
    const tools = page.getByRole('region', { name: 'Tools' });
    const list = tools.getByRole('listbox', { name: 'Tool list' });
    const options = tools.getByRole('option');
    await tools.getByRole('option', { name: 'echo', exact: true }).click();
    await list.focus();
    const echoIndex = await options.evaluateAll((all) => all.findIndex((option) => option.getAttribute('aria-selected') === 'true'));
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => options.nth(echoIndex + 1).getAttribute('aria-selected')).toBe('true');
    const nextId = await options.nth(echoIndex + 1).getAttribute('id');
    await expect.poll(() => list.getAttribute('aria-activedescendant')).toBe(nextId);
    await expect.poll(() => list.evaluate((element) => element.matches(':focus'))).toBe(true);
    expect(harness.pageErrors).toEqual([]);
  });
});
