/**
 * Tool lint badges (issue 30, item 4) against server-everything 2026.8.31: the list header counts
 * the findings of tools.lint, a tool with findings carries a badge in the list, and its detail
 * names each finding with its level, place and fix.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { connectServer, everythingServer, plantServers, selectTool } from './tools-helpers.js';

describe('tool lint: server-everything', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ prepareDataDir: plantServers(() => [everythingServer('Everything')]) });
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('the header counts the findings, the tool with one has a badge, and its detail gives the level and the fix', async () => {
    const tools = await connectServer(harness.page, 'Everything');
    const list = tools.getByRole('listbox', { name: 'Tool list' });
    await list.getByRole('option').first().waitFor({ timeout: 30_000 });
    // get-resource-reference's resourceType has no description: the one finding server-everything has.
    await tools.getByText('1 lint warning', { exact: true }).waitFor({ timeout: 30_000 });
    const flagged = list.getByRole('option', { name: 'get-resource-reference', exact: true });
    expect(await flagged.getByTitle(/^Lint: 1 finding/).textContent()).toBe('⚠ 1');
    expect(await list.getByRole('option', { name: 'echo', exact: true }).getByTitle(/^Lint: /).count()).toBe(0);
    expect(await list.getByTitle(/^Lint: /).count()).toBe(1);

    await selectTool(tools, 'get-resource-reference');
    const lint = tools.getByRole('region', { name: 'Tool get-resource-reference' }).getByRole('region', { name: 'Tool lint' });
    const finding = lint.getByRole('listitem');
    await finding.waitFor();
    expect(await finding.count()).toBe(1);
    const text = await finding.textContent();
    expect(text).toMatch(/^Warning /);
    expect(text).toContain('/inputSchema/properties/resourceType');
    expect(text).toMatch(/Fix: Add a "description" to "resourceType"/);
    await harness.screenshot('tool-lint-everything');

    // Linting sent no tools/list of its own: the log holds only the loads of the list itself.
    const traffic = harness.page.getByRole('region', { name: 'Traffic' });
    await traffic.getByRole('combobox', { name: 'Filter traffic' }).fill('method:tools/list');
    const listRows = traffic.getByRole('grid', { name: 'Traffic log' }).getByRole('row', { name: /tools\/list/ });
    const loads = await listRows.count();
    expect(loads).toBeGreaterThan(0);
    expect(loads).toBeLessThan(5);

    await selectTool(tools, 'echo');
    const clean = tools.getByRole('region', { name: 'Tool echo' }).getByRole('region', { name: 'Tool lint' });
    await clean.getByText('No findings: this tool follows every rule checked.').waitFor();
    expect(await clean.getByRole('listitem').count()).toBe(0);
  });
});
