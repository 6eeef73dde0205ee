import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
import { modernServerConfig } from '../fixtures/modern-server-config.js';
import { approvalsButton, approvalsRegion, connectServer, openTab, plantServers, runTool, selectServer, toolResultText } from './approvals-helpers.js';
import { startHarness, type Harness } from './harness.js';

const MODERN = 'Modern fixture';

describe('a 2026-07-28 server: discovery, input_required through Approvals, rounds in the log', () => {
  let harness: Harness;

  beforeAll(async () => {
    const server: ServerConfig = { id: randomUUID(), ...modernServerConfig(MODERN) };
    harness = await startHarness({ prepareDataDir: plantServers([server]) });
  });

  afterAll(async () => {
    await harness?.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await harness.screenshot(`debug-modern-${context.task.name.slice(0, 20)}`);
  });

  const details = () => harness.page.getByRole('region', { name: 'Server details' });
  const traffic = () => harness.page.getByRole('region', { name: 'Traffic' });
  const bodyRows = () => traffic().getByRole('grid', { name: 'Traffic log' }).getByRole('row').filter({ hasNot: harness.page.getByRole('columnheader') });

  test('Auto lands on 2026-07-28 and the details show the discovery and the change stream', async () => {
    const page = harness.page;
    await selectServer(page, MODERN);
    await connectServer(page, MODERN);
    await expect.poll(() => details().textContent()).toContain('2026-07-28 · modern era');
    const text = (await details().textContent()) ?? '';
    expect(text).toContain('Probed with server/discover: the server offers 2026-07-28.');
    expect(text).toContain('Ping does not exist in 2026-07-28.');
    const discovery = details().getByRole('group', { name: 'Discovery' });
    expect(await discovery.textContent()).toContain('supported versions 2026-07-28 · extensions (none)');
    // The stream opens after the connection is up; on a loaded 2-core CI machine that took over a second once.
    await expect.poll(() => details().getByRole('status', { name: 'Change stream' }).textContent(), { timeout: 10_000 }).toMatch(/^Listening for tools, prompts, resources list changes/);
    expect(await details().getByText('deprecated').count()).toBeGreaterThan(0);
    // The instructions are markdown, shown as such (safely), not as raw asterisks.
    const instructions = details().locator('details.instructions');
    expect(await instructions.textContent()).toContain('A fixture for both eras: input_required tools');
    expect(await instructions.locator('strong').textContent()).toBe('both eras');
    await harness.screenshot('modern-details');
  });

  test('sampling asked with input_required is approved with edited text, which reaches the result', async () => {
    const page = harness.page;
    await runTool(page, 'ask-llm', { question: 'Which colour is the sky?' });
    const approvals = approvalsRegion(page);
    await approvals.waitFor();
    await expect.poll(() => approvalsButton(page).getAttribute('aria-label')).toBe('Approvals, 1 pending');
    const detail = approvals.getByRole('article', { name: `Sampling request from ${MODERN}` });
    await detail.waitFor();
    expect(await detail.textContent()).toContain('Asked in an input_required result (2026-07-28), key reply');
    await expect.poll(() => detail.getByRole('region', { name: 'Messages' }).textContent()).toContain('Which colour is the sky?');
    const reply = detail.getByRole('form', { name: 'Reply' });
    await reply.getByRole('textbox', { name: 'Reply text' }).fill('Blue, says the person in the loop');
    await harness.screenshot('modern-approval');
    await reply.getByRole('button', { name: 'Approve' }).click();
    expect(await toolResultText(page)).toContain('The model said: Blue, says the person in the loop');
  });

  test('both rounds of the call show in the log as one call: input required, then round 2', async () => {
    const page = harness.page;
    await traffic().getByRole('combobox', { name: 'Filter traffic' }).fill('method:tools/call');
    const rows = bodyRows().filter({ hasText: 'tools/call' });
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    const texts = await rows.allTextContents();
    const first = texts.find((row) => row.includes('tools/call · round 1'));
    const second = texts.find((row) => row.includes('tools/call · round 2'));
    expect(first).toContain('input required');
    expect(second).toContain('OK');
    await harness.screenshot('modern-rounds');

    // The approval links to the round that asked.
    await approvalsRegion(page).getByRole('button', { name: /^Show the input_required response #\d+ \(round 1\) in the traffic log$/ }).click();
    const detail = traffic().getByRole('region', { name: 'Message detail' });
    await expect.poll(() => detail.textContent()).toContain('input_required');
    expect(await detail.textContent()).toContain('sampling/createMessage');
  });

  test('a tool name with a bidi override is shown with the override written out, and the list refreshes on its own', async () => {
    const page = harness.page;
    await runTool(page, 'add-tool', { name: 'report\u202Etxt.exe' });
    expect(await toolResultText(page)).toContain('added report');
    const tools = page.getByRole('region', { name: 'Tools', exact: true });
    // The change arrives on the subscriptions/listen stream and the list reloads.
    await tools.getByRole('combobox', { name: 'Filter tools' }).fill('txt.exe');
    const option = tools.getByRole('option').filter({ hasText: 'txt.exe' });
    await expect.poll(() => option.first().textContent(), { timeout: 30_000 }).toContain('report⟨U+202E⟩txt.exe');
    await tools.getByRole('combobox', { name: 'Filter tools' }).fill('');
  });

  test('a text/plain blob in a tool result is shown as its text, as a resource read shows it', async () => {
    const page = harness.page;
    await runTool(page, 'text-blob', {});
    expect(await toolResultText(page)).toContain('Notes kept as a blob');
    expect(await toolResultText(page)).toContain('Text (from a blob)');
  });

  test('the Tasks tab says when a server offers no tasks', async () => {
    await openTab(harness.page, 'Tasks');
    await harness.page.getByRole('region', { name: 'Tasks', exact: true }).getByText('This server does not offer tasks').waitFor();
    expect(harness.pageErrors).toEqual([]);
  });
});
