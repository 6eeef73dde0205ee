/**
 * A server's list_changed, as a person sees it: the fixture's change-lists tool adds a tool and a
 * prompt and announces both; the Tools and Prompts tabs show them without a click on Refresh,
 * through the core's list state.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { openTab } from './resources-helpers.js';
import { connectServer, fixtureServer, plantServers, result, runWithJson, selectTool } from './tools-helpers.js';

describe('lists follow the server’s list_changed', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ prepareDataDir: plantServers(() => [fixtureServer('Fixture')]) });
  });
  afterAll(async () => {
    await harness?.close();
  });

  test('a new tool and a new prompt appear after the server announces them', async () => {
    const page = harness.page;
    const tools = await connectServer(page, 'Fixture');
    await tools.getByText('13 tools', { exact: true }).waitFor();
    expect(await tools.getByRole('option', { name: 'added-1', exact: true }).count()).toBe(0);

    await selectTool(tools, 'change-lists');
    await runWithJson(tools, { burst: 3 });
    await result(tools).getByText('Success', { exact: true }).waitFor();
    await tools.getByRole('option', { name: 'added-1', exact: true }).waitFor();
    await tools.getByText(/\b14 tools$/).waitFor();
    // The header says the list changed.
    await tools.getByText(/changed/i).first().waitFor();

    await openTab(page, 'Prompts');
    const prompts = page.getByRole('region', { name: 'Prompts', exact: true });
    await prompts.getByRole('option', { name: /added-prompt-1/ }).waitFor();
    expect(harness.pageErrors).toEqual([]);
  });

  test('the tool filter speaks the traffic filter’s language, with key and value suggestions', async () => {
    const page = harness.page;
    const tools = await openTab(page, 'Tools');
    const filter = tools.getByRole('combobox', { name: 'Filter tools' });
    await filter.fill('');
    await filter.pressSequentially('na');
    const suggestions = tools.getByRole('listbox', { name: 'Filter tools: suggestions' });
    await suggestions.getByRole('option', { name: /^name:/ }).waitFor();
    await page.keyboard.press('Enter');
    expect(await filter.inputValue()).toBe('name:');
    // The key's values follow: the tool names.
    await filter.pressSequentially('exact');
    await suggestions.getByRole('option', { name: 'exact-numbers' }).click();
    expect(await filter.inputValue()).toBe('name:exact-numbers ');
    await tools.getByText(/^1 of \d+ tools$/).waitFor();
    await filter.fill('-name:added /^e/');
    await tools.getByRole('option', { name: 'echo', exact: true }).waitFor();
    expect(await tools.getByRole('option', { name: 'exact-numbers', exact: true }).count()).toBe(1);
    expect(await tools.getByRole('option', { name: 'added-1', exact: true }).count()).toBe(0);
    await page.screenshot({ path: 'test-results/tool-filter-suggestions.png' });
    expect(harness.pageErrors).toEqual([]);
  });
});
