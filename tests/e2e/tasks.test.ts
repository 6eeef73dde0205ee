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

    await openTab(page, 'Tasks');
    const tasks = page.getByRole('region', { name: 'Tasks', exact: true });
    const item = tasks.getByRole('listitem').filter({ hasText: TASK_TOOL });
    await item.first().waitFor();
    expect(await item.first().textContent()).toContain('completed');
    await harness.screenshot('tasks-tab');
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
