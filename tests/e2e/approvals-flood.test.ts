import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  approvalsButton,
  approvalsRegion,
  connectServer,
  fireToolCalls,
  invokeViaSecondBridge,
  runTool,
  selectServer,
  toolResultText,
} from './approvals-helpers.js';
import { startHarness, type Harness } from './harness.js';

const DEMO = 'Everything (demo)';
const FLOOD = 100;

describe('approvals: a flood, templates and auto-reply rules (dark theme)', () => {
  let harness: Harness;
  let serverId: string;

  beforeAll(async () => {
    harness = await startHarness({ colorScheme: 'dark' });
    await connectServer(harness.page, DEMO);
    await selectServer(harness.page, DEMO);
    const servers = (await invokeViaSecondBridge(harness.page, 'servers.list', undefined)) as Array<{ id: string; name: string }>;
    serverId = servers.find((server) => server.name === DEMO)!.id;
  });

  afterAll(async () => {
    await harness?.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await harness.screenshot(`debug-flood-${context.task.name.slice(0, 24)}`);
  });

  test(`${FLOOD} sampling requests at once: all queued and virtualized, the keyboard walks them, Reject all clears them`, async () => {
    const page = harness.page;
    const started = Date.now();
    await fireToolCalls(page, serverId, 'trigger-sampling-request', { prompt: 'Flood' }, FLOOD);
    await expect.poll(() => approvalsButton(page).getAttribute('aria-label'), { timeout: 20_000 }).toBe(`Approvals, ${FLOOD} pending`);
    const queuedMs = Date.now() - started;

    const approvals = approvalsRegion(page);
    const list = approvals.getByRole('listbox', { name: 'Waiting requests' });
    const options = list.getByRole('option');
    // Virtualized: only the rows on screen exist, but each says where it sits in the whole list.
    expect(await options.count()).toBeLessThan(30);
    expect(await options.first().getAttribute('aria-setsize')).toBe(String(FLOOD));

    // The keyboard walks the queue and the detail follows at once.
    await list.focus();
    const clickStarted = Date.now();
    await page.keyboard.press('End');
    const detail = approvals.getByRole('article', { name: `Sampling request from ${DEMO}` });
    await expect.poll(() => detail.getByRole('region', { name: 'Messages' }).textContent()).toMatch(/Flood #\d+/);
    const last = await list.getByRole('option', { selected: true }).getAttribute('aria-posinset');
    expect(last).toBe(String(FLOOD));
    const moveMs = Date.now() - clickStarted;
    await harness.screenshot('approvals-flood-dark');

    const rejectStarted = Date.now();
    await approvals.getByRole('button', { name: 'Reject all' }).click();
    await approvals.getByRole('textbox', { name: 'Error message for all' }).fill('Too many requests');
    await approvals.getByRole('button', { name: `Reject ${FLOOD}` }).click();
    await expect.poll(() => approvalsButton(page).getAttribute('aria-label'), { timeout: 20_000 }).toBe('Approvals, none pending');
    const rejectMs = Date.now() - rejectStarted;
    await approvals.getByRole('status').filter({ hasText: `Rejected ${FLOOD} requests.` }).waitFor();
    await approvals.getByText(/^Nothing is waiting\./).waitFor();

    // bench/approvals-flood.js measures the longest main-thread task meanwhile.
    console.log(`flood of ${FLOOD}: queued in ${queuedMs} ms, End key → detail in ${moveMs} ms, reject all in ${rejectMs} ms`);
  });

  test('a reply saved as a template is applied to the next request', async () => {
    const page = harness.page;
    await runTool(page, 'trigger-sampling-request', { prompt: 'Template source' });
    const approvals = approvalsRegion(page);
    const detail = approvals.getByRole('article', { name: `Sampling request from ${DEMO}` });
    await expect.poll(() => detail.getByRole('region', { name: 'Messages' }).textContent()).toContain('Template source');
    const reply = detail.getByRole('form', { name: 'Reply' });
    await reply.getByRole('textbox', { name: 'Reply text' }).fill('Canned answer from a template');
    await reply.getByRole('combobox', { name: 'Stop reason' }).selectOption('maxTokens');
    await reply.getByRole('button', { name: 'Save as template…' }).click();
    await reply.getByRole('textbox', { name: 'Template name' }).fill('Canned');
    await reply.getByRole('button', { name: 'Save template' }).click();
    await reply.getByRole('status').filter({ hasText: 'Saved the template “Canned”.' }).waitFor();
    await harness.screenshot('approval-sampling-dark');
    await reply.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => approvalsButton(page).getAttribute('aria-label')).toBe('Approvals, none pending');

    await runTool(page, 'trigger-sampling-request', { prompt: 'Template target' });
    await expect.poll(() => detail.getByRole('region', { name: 'Messages' }).textContent()).toContain('Template target');
    await reply.getByRole('combobox', { name: 'Apply template' }).selectOption({ label: 'Canned' });
    expect(await reply.getByRole('textbox', { name: 'Reply text' }).inputValue()).toBe('Canned answer from a template');
    expect(await reply.getByRole('combobox', { name: 'Stop reason' }).inputValue()).toBe('maxTokens');
    await reply.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => toolResultText(page)).toContain('Canned answer from a template');
  });

  test('an enabled auto-reply rule answers without asking, is clearly shown, and the history says so', async () => {
    const page = harness.page;
    const approvals = approvalsRegion(page);
    await approvals.getByRole('tab', { name: /Templates & auto-reply/ }).click();
    const rules = approvals.getByRole('region', { name: 'Auto-reply rules' });
    await rules.getByText('No rules.').waitFor();
    const form = rules.getByRole('form', { name: 'New auto-reply rule' });
    await form.getByRole('textbox', { name: 'Rule name' }).fill('Always canned');
    await form.getByRole('combobox', { name: 'Server' }).selectOption({ label: DEMO });
    await form.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Canned' });
    await form.getByRole('button', { name: 'Add rule' }).click();
    // Added switched off: auto-reply is off until someone turns it on.
    const toggle = rules.getByRole('checkbox', { name: 'Rule “Always canned” enabled' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    expect(await approvals.getByRole('status').filter({ hasText: 'Auto-reply is on.' }).count()).toBe(0);

    await toggle.check();
    await approvals.getByRole('status').filter({ hasText: 'Auto-reply is on.' }).waitFor();
    await expect.poll(() => approvalsButton(page).getAttribute('aria-label')).toBe('Approvals, none pending, auto-reply on');
    await harness.screenshot('approvals-auto-reply-dark');

    await runTool(page, 'trigger-sampling-request', { prompt: 'Answered by the rule' });
    await expect.poll(() => toolResultText(page)).toContain('Canned answer from a template');
    expect(await approvalsButton(page).getAttribute('aria-label')).toBe('Approvals, none pending, auto-reply on');

    await approvals.getByRole('tab', { name: /History/ }).click();
    const newest = approvals.getByRole('listbox', { name: 'Decisions' }).getByRole('option').first();
    await expect.poll(() => newest.textContent()).toContain('Auto-reply');
    await newest.click();
    const outcome = approvals.getByRole('region', { name: 'Outcome' });
    await expect.poll(() => outcome.textContent()).toContain('by auto-reply rule “Always canned”');
    expect(await outcome.textContent()).toContain('An auto-reply rule answered this request without asking you.');
    await approvals.getByRole('combobox', { name: 'Filter history' }).fill('Always canned');
    await expect.poll(() => approvals.getByRole('listbox', { name: 'Decisions' }).getByRole('option').count()).toBe(1);

    await approvals.getByRole('tab', { name: /Templates & auto-reply/ }).click();
    await rules.getByRole('checkbox', { name: 'Rule “Always canned” enabled' }).uncheck();
    await expect.poll(() => approvalsButton(page).getAttribute('aria-label')).toBe('Approvals, none pending');
    expect(harness.pageErrors).toEqual([]);
  });

  test('a template can be edited: its name and its reply', async () => {
    const page = harness.page;
    const approvals = approvalsRegion(page);
    await approvals.getByRole('tab', { name: /Templates & auto-reply/ }).click();
    const templates = approvals.getByRole('region', { name: 'Sampling templates' });
    await templates.getByRole('button', { name: 'Edit template “Canned”' }).click();
    const editor = templates.getByRole('form', { name: 'Edit template “Canned”' });
    const reply = editor.getByRole('textbox', { name: 'Template reply' });
    expect(await reply.textContent()).toContain('Canned answer from a template');
    await editor.getByRole('textbox', { name: 'Name' }).fill('Canned, edited');
    await reply.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText('{"role": "assistant", "content": {"type": "text", "text": "Edited canned answer"}, "model": "loupe-e2e"}');
    await harness.screenshot('approvals-template-editor-dark');
    await editor.getByRole('button', { name: 'Save template' }).click();
    await editor.waitFor({ state: 'detached' });
    await templates.getByText('Canned, edited', { exact: true }).waitFor();
    await expect.poll(() => templates.textContent()).toContain('Edited canned answer');
    // The rule that used it follows the template (same id).
    await expect.poll(() => approvals.getByRole('region', { name: 'Auto-reply rules' }).textContent()).toContain('“Canned, edited”');
  });
});
