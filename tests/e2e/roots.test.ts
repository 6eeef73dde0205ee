import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { connectServer, runTool, selectServer, toolResultText } from './approvals-helpers.js';
import { startHarness, type Harness } from './harness.js';

const DEMO = 'Everything (demo)';

describe('server details: roots and ping (dark theme)', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ colorScheme: 'dark' });
    await connectServer(harness.page, DEMO);
    await selectServer(harness.page, DEMO);
  });

  afterAll(async () => {
    await harness?.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await harness.screenshot(`debug-roots-${context.task.name.slice(0, 24)}`);
  });

  const details = () => harness.page.getByRole('region', { name: 'Server details' });

  test('Ping shows the round trip in milliseconds', async () => {
    await details().getByRole('button', { name: 'Ping', exact: true }).click();
    await expect.poll(() => details().getByRole('status', { name: 'Ping result' }).textContent()).toMatch(/^Round trip \d+\.\d+ ms$/);
  });

  test('roots are edited as URI and name rows; a folder path becomes a file:// URI; a bad row says why', async () => {
    const page = harness.page;
    await details().getByText('Roots (0)').click();
    const form = details().getByRole('form', { name: 'Roots' });
    await form.getByRole('button', { name: 'Add root' }).click();
    await form.getByRole('textbox', { name: 'Root 1 URI' }).fill('/tmp/not-a-uri');
    await form.getByRole('button', { name: 'Save roots' }).click();
    await form.getByText('That is a path, not a URI: use file:///tmp/not-a-uri.').waitFor();

    await form.getByRole('textbox', { name: 'Root 1 URI' }).fill('file:///tmp/loupe-e2e-project');
    await form.getByRole('textbox', { name: 'Root 1 name' }).fill('Project');
    await form.getByRole('textbox', { name: 'Folder path' }).fill('/tmp/other folder');
    await form.getByRole('button', { name: 'Add folder as file:// URI' }).click();
    expect(await form.getByRole('textbox', { name: 'Root 2 URI' }).inputValue()).toBe('file:///tmp/other%20folder');
    expect(await form.getByRole('textbox', { name: 'Root 2 name' }).inputValue()).toBe('other folder');
    await form.getByRole('button', { name: 'Save roots' }).scrollIntoViewIfNeeded();
    await harness.screenshot('server-info-roots');

    await form.getByRole('button', { name: 'Save roots' }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toBe('Saved 2 roots and told the server (roots/list_changed).');
    await details().getByText('Roots (2)').waitFor();
    const traffic = page.getByRole('region', { name: 'Traffic' });
    await traffic.getByText('notifications/roots/list_changed').first().waitFor();
  });

  test('the server sees them: get-roots-list lists both', async () => {
    await runTool(harness.page, 'get-roots-list');
    const result = await toolResultText(harness.page);
    expect(result).toContain('Current MCP Roots (2 total)');
    expect(result).toContain('Project');
    expect(result).toContain('file:///tmp/loupe-e2e-project');
    expect(result).toContain('file:///tmp/other%20folder');
  });

  test('the roots are kept with the server: still there after a reload', async () => {
    const page = harness.page;
    await page.reload();
    await selectServer(page, DEMO);
    const summary = details().getByText('Roots (2)');
    await summary.waitFor();
    const form = details().getByRole('form', { name: 'Roots' });
    expect(await form.getByRole('textbox', { name: 'Root 1 URI' }).inputValue()).toBe('file:///tmp/loupe-e2e-project');
    await form.getByRole('button', { name: 'Remove root 2' }).click();
    await form.getByRole('button', { name: 'Save roots' }).click();
    await details().getByText('Roots (1)').waitFor();
    await runTool(page, 'get-roots-list');
    await expect.poll(() => toolResultText(page)).toContain('Current MCP Roots (1 total)');
    expect(harness.pageErrors).toEqual([]);
  });
});
