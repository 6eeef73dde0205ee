import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { connectServer, EVERYTHING_2026, everythingServer, openTab, plantServers, runTool, selectServer, toolsRegion } from './approvals-helpers.js';
import { startHarness, type Harness } from './harness.js';

const SERVER = 'Everything';
/** Requires a task; it reports four stages about a second apart, then its report. */
const TASK_TOOL = 'simulate-research-query';

describe('tasks: a tool that runs as a task (server-everything, 2025-11-25 Tasks)', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ prepareDataDir: plantServers([everythingServer('everything', SERVER, EVERYTHING_2026)]) });
    await selectServer(harness.page, SERVER);
    await connectServer(harness.page, SERVER);
  });

  afterAll(async () => {
    await harness?.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await harness.screenshot(`debug-tasks-${context.task.name.slice(0, 20)}`);
  });

  const result = () => toolsRegion(harness.page).getByRole('region', { name: 'Result' });

  test('runs to completion, showing its task id and status on the way', async () => {
    const page = harness.page;
    await runTool(page, TASK_TOOL, { topic: 'otters' });
    await toolsRegion(page).getByText('Runs as a task (the tool requires it).').waitFor();
    const status = result().getByRole('status', { name: /^Task \S+$/ });
    await status.waitFor({ timeout: 30_000 });
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/working.*task \S+/);
    await harness.screenshot('task-running');
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^completed/);
    await expect.poll(() => result().textContent(), { timeout: 30_000 }).toContain('Research Report: otters');
    // The result's header gives its size, not "0 B" (issue 24).
    expect(await result().getByTitle('Size of the response message').first().textContent()).toMatch(/^response [1-9][\d.,]* (B|KB)$/);

    await openTab(page, 'Tasks');
    const tasks = page.getByRole('region', { name: 'Tasks', exact: true });
    const item = tasks.getByRole('listitem').filter({ hasText: TASK_TOOL });
    await item.first().waitFor();
    expect(await item.first().textContent()).toContain('completed');
    await harness.screenshot('tasks-tab');
  });

  test('the Tasks tab shows a finished task’s result, and cancels a working task', async () => {
    const page = harness.page;
    await runTool(page, TASK_TOOL, { topic: 'herons' });
    await expect.poll(() => result().textContent(), { timeout: 30_000 }).toContain('Research Report: herons');
    await openTab(page, 'Tasks');
    const tasks = page.getByRole('region', { name: 'Tasks', exact: true });
    const finished = tasks.getByRole('listitem').filter({ hasText: 'completed' }).last();
    await finished.getByText(/^Result of task /).click();
    await expect.poll(() => finished.getByRole('region', { name: 'Result' }).textContent(), { timeout: 10_000 }).toContain('Research Report');
    await harness.screenshot('tasks-tab-result');

    await runTool(page, TASK_TOOL, { topic: 'cranes' });
    await expect.poll(() => result().getByRole('status', { name: /^Task \S+$/ }).textContent(), { timeout: 30_000 }).toMatch(/^working/);
    await openTab(page, 'Tasks');
    const working = tasks.getByRole('listitem').filter({ hasText: 'working' });
    await working.getByRole('button', { name: /^Cancel task / }).click();
    await expect.poll(() => tasks.getByRole('listitem').filter({ hasText: 'cancelled' }).count(), { timeout: 30_000 }).toBe(1);
    await openTab(page, 'Tools');
    await expect.poll(() => result().textContent(), { timeout: 30_000 }).toContain('The task was cancelled.');
  });

  test('Cancel call cancels the task on the server', async () => {
    const page = harness.page;
    await runTool(page, TASK_TOOL, { topic: 'beavers' });
    const status = result().getByRole('status', { name: /^Task \S+$/ });
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^working/);
    await result().getByRole('button', { name: 'Cancel call' }).click();
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^cancelled/);
    await expect.poll(() => result().textContent(), { timeout: 30_000 }).toContain('The task was cancelled.');

    const traffic = page.getByRole('region', { name: 'Traffic' });
    await traffic.getByRole('combobox', { name: 'Filter traffic' }).fill('method:tasks/cancel');
    await traffic.getByRole('grid', { name: 'Traffic log' }).getByRole('gridcell', { name: 'tasks/cancel', exact: true }).first().waitFor();
    expect(harness.pageErrors).toEqual([]);
  });
});
