/**
 * What the window remembers lives in the data folder: a second host on the same folder (a new
 * origin in browser mode, so a new localStorage) still shows the run history, the panel size and
 * the hidden traffic columns of the first.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import type { Page } from 'playwright-core';
import { approvalsButton, approvalsRegion, openTab, runTool } from './approvals-helpers.js';
import { connectServer, everythingServer, fixtureServer, plantServers, result, runWithJson, selectTool, serverItem, showTools, useJsonArguments } from './tools-helpers.js';

describe('the window remembers across hosts through the data folder', () => {
  let dataDir: string;
  let harness: Harness | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'loupe-e2e-ui-state-'));
    await plantServers(() => [fixtureServer('Fixture')])(dataDir);
  });
  afterAll(async () => {
    await harness?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('run history, traffic panel height and hidden columns come back on a new host', async () => {
    harness = await startHarness({ dataDir });
    let page = harness.page;
    const tools = await connectServer(page, 'Fixture');
    await selectTool(tools, 'echo');
    await runWithJson(tools, { message: 'remember me' });
    await result(tools).getByText('Success', { exact: true }).waitFor();
    const splitter = page.getByRole('separator', { name: 'Resize traffic panel' });
    await splitter.focus();
    await page.keyboard.press('Home');
    const height = await splitter.getAttribute('aria-valuenow');
    const header = page.getByRole('grid', { name: 'Traffic log' }).getByRole('columnheader', { name: 'Latency' });
    await header.click({ button: 'right' });
    const menu = page.getByRole('menu', { name: 'Columns' });
    await menu.getByRole('menuitemcheckbox', { name: 'Latency' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => header.count()).toBe(0);
    // Saved in the data folder, not only in this origin's storage.
    await expect.poll(async () => readFile(path.join(dataDir, 'ui-state.json'), 'utf8').catch(() => '')).toContain('remember me');
    await harness.close();

    harness = await startHarness({ dataDir });
    page = harness.page;
    await expect.poll(() => page.getByRole('separator', { name: 'Resize traffic panel' }).getAttribute('aria-valuenow')).toBe(height);
    expect(await page.getByRole('grid', { name: 'Traffic log' }).getByRole('columnheader', { name: 'Latency' }).count()).toBe(0);
    const again = await connectServer(page, 'Fixture');
    await selectTool(again, 'echo');
    await again.getByText(/Recent runs/).click();
    await again.getByRole('list', { name: 'Recent runs' }).getByRole('listitem').filter({ hasText: 'remember me' }).waitFor();
    expect(harness.pageErrors).toEqual([]);
  });
});

/**
 * The traffic filter and sort, the selected server and tab, a tool's Form/JSON choice and the
 * approvals' history come back after a reload of the page, and after a restart of the host on the
 * same data folder.
 */
describe('the view the person left comes back after a reload and a restart', () => {
  let dataDir: string;
  let harness: Harness | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'loupe-e2e-ui-view-'));
    await plantServers(() => [fixtureServer('Fixture'), everythingServer('Everything')])(dataDir);
  });
  afterAll(async () => {
    await harness?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const filterBox = (page: Page) => page.getByRole('combobox', { name: 'Filter traffic' });
  const methodHeader = (page: Page) => page.getByRole('grid', { name: 'Traffic log' }).getByRole('columnheader', { name: 'Method' });

  async function expectViewBack(page: Page): Promise<void> {
    await expect.poll(() => filterBox(page).inputValue()).toBe('method:tools/call');
    await expect.poll(() => methodHeader(page).getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => serverItem(page, 'Everything').getByRole('button', { name: 'Everything', exact: true }).getAttribute('aria-current')).toBe('true');
    await expect.poll(() => page.getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name: 'Prompts', exact: true }).getAttribute('aria-selected')).toBe('true');
  }

  async function expectJsonModeBack(page: Page): Promise<void> {
    // After a reload the core still holds the connection; after a restart it is connected again.
    const item = serverItem(page, 'Fixture');
    await item.getByRole('button', { name: 'Fixture', exact: true }).click();
    if ((await item.getByRole('button', { name: 'Connect', exact: true }).count()) > 0) await item.getByRole('button', { name: 'Connect', exact: true }).click();
    await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
    await openTab(page, 'Tools');
    const tools = await showTools(page);
    await selectTool(tools, 'echo');
    await expect.poll(() => tools.getByRole('group', { name: 'Edit arguments as' }).getByRole('button', { name: 'JSON' }).getAttribute('aria-pressed')).toBe('true');
  }

  async function expectDecisionBack(page: Page): Promise<void> {
    await approvalsButton(page).click();
    const approvals = approvalsRegion(page);
    await approvals.getByRole('tab', { name: /History/ }).click();
    await approvals.getByRole('listbox', { name: 'Decisions' }).getByRole('option').filter({ hasText: 'Rejected' }).waitFor();
    await page.getByRole('button', { name: 'Close approvals' }).click();
  }

  test('filter, sort, server, tab, Form/JSON and the approvals history', async () => {
    harness = await startHarness({ dataDir });
    let page = harness.page;
    // A decision for the history: server-everything asks for sampling, the person rejects it.
    await connectServer(page, 'Everything');
    await serverItem(page, 'Everything').getByRole('button', { name: 'Everything', exact: true }).click();
    await runTool(page, 'trigger-sampling-request', { prompt: 'Remember this decision' });
    const detail = approvalsRegion(page).getByRole('article', { name: 'Sampling request from Everything' });
    await detail.getByRole('form', { name: 'Reply' }).getByRole('button', { name: 'Reject' }).click();
    await expectDecisionBackSoon(page);

    const tools = await connectServer(page, 'Fixture');
    await selectTool(tools, 'echo');
    await useJsonArguments(tools);
    await serverItem(page, 'Everything').getByRole('button', { name: 'Everything', exact: true }).click();
    await openTab(page, 'Prompts');
    await filterBox(page).fill('method:tools/call');
    await methodHeader(page).getByRole('button').click();
    await methodHeader(page).getByRole('button').click();
    await expectViewBack(page);
    await harness.screenshot('ui-state-view-before-reload');

    await page.reload();
    await expectViewBack(page);
    await expectDecisionBack(page);
    await expectJsonModeBack(page);
    // Leave the view as it was before the restart.
    await serverItem(page, 'Everything').getByRole('button', { name: 'Everything', exact: true }).click();
    await openTab(page, 'Prompts');
    await expect.poll(async () => readFile(path.join(dataDir, 'ui-state.json'), 'utf8').catch(() => '')).toContain('core/approvals.history');
    expect(harness.pageErrors).toEqual([]);
    await harness.close();

    harness = await startHarness({ dataDir });
    page = harness.page;
    await expectViewBack(page);
    await expectDecisionBack(page);
    await expectJsonModeBack(page);
    expect(harness.pageErrors).toEqual([]);
  });
});

/** The decision shows in History while the host that saw it still runs. */
async function expectDecisionBackSoon(page: Page): Promise<void> {
  await approvalsRegion(page).getByRole('tab', { name: /History/ }).click();
  await approvalsRegion(page).getByRole('listbox', { name: 'Decisions' }).getByRole('option').filter({ hasText: 'Rejected' }).waitFor();
  await page.getByRole('button', { name: 'Close approvals' }).click();
}
