import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  approvalsButton,
  approvalsRegion,
  toolsRegion,
  connectServer,
  disconnectServer,
  EVERYTHING_2025,
  EVERYTHING_2026,
  everythingServer,
  fireToolCalls,
  plantServers,
  runTool,
  selectServer,
  toolResultText,
} from './approvals-helpers.js';
import { startHarness, type Harness } from './harness.js';

/** A tool call reaches the server and its request comes back: on a loaded machine that can take more than the poll's default second. */
const ARRIVES = { timeout: 10_000 };

const NEW = 'Everything 2026';
const OLD = 'Everything 2025';

describe('approvals: sampling requests wait for a person (light theme)', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({
      prepareDataDir: plantServers([everythingServer('everything-2026', NEW, EVERYTHING_2026), everythingServer('everything-2025', OLD, EVERYTHING_2025)]),
    });
    await connectServer(harness.page, NEW);
    await selectServer(harness.page, NEW);
  });

  afterAll(async () => {
    await harness?.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await harness.screenshot(`debug-${context.task.name.slice(0, 20)}`);
  });

  test('a sampling request appears at once, whole, with its server and a live timer', async () => {
    const page = harness.page;
    await expect.poll(() => approvalsButton(page).getAttribute('aria-label')).toBe('Approvals, none pending');
    await runTool(page, 'trigger-sampling-request', { prompt: 'Say hi to the inspector', maxTokens: 50 });

    const approvals = approvalsRegion(page);
    await approvals.waitFor();
    await expect.poll(() => approvalsButton(page).getAttribute('aria-label')).toBe('Approvals, 1 pending');
    const detail = approvals.getByRole('article', { name: `Sampling request from ${NEW}` });
    await detail.waitFor();
    const messages = detail.getByRole('region', { name: 'Messages' });
    await expect.poll(() => messages.textContent(), ARRIVES).toContain('Say hi to the inspector');
    expect(await detail.getByRole('region', { name: 'System prompt' }).textContent()).toContain('You are a helpful test server.');
    const parameters = (await detail.getByRole('region', { name: 'Parameters' }).textContent()) ?? '';
    expect(parameters).toContain('Max tokens50');
    expect(parameters).toContain('Temperature0.7');

    const option = approvals.getByRole('listbox', { name: 'Waiting requests' }).getByRole('option');
    expect(await option.count()).toBe(1);
    expect(await option.textContent()).toContain(NEW);
    await expect.poll(() => option.textContent(), { timeout: 5_000 }).toMatch(/waiting for [1-9]\d* s/);

    // The Tools pane's running call says who it waits for, and leads there (issue 24).
    const waiting = toolsRegion(page).getByRole('status').filter({ hasText: 'The server is waiting for you: 1 request in Approvals.' });
    await waiting.waitFor();
    await approvals.getByRole('button', { name: 'Close approvals' }).click();
    await waiting.getByRole('button', { name: 'Open Approvals' }).click();
    await detail.waitFor();
  });

  test('the edited reply is approved and the tool gets exactly that text', async () => {
    const page = harness.page;
    const detail = approvalsRegion(page).getByRole('article', { name: `Sampling request from ${NEW}` });
    const reply = detail.getByRole('form', { name: 'Reply' });
    await reply.getByRole('button', { name: 'Approve' }).click();
    await reply.getByText('Write the reply text, or reject the request.').waitFor();

    await reply.getByRole('textbox', { name: 'Reply text' }).fill('Hello from the person in the loop');
    await reply.getByRole('textbox', { name: 'Model' }).fill('loupe-e2e-model');
    await harness.screenshot('approval-sampling');
    await reply.getByRole('button', { name: 'Approve' }).click();

    await expect.poll(() => approvalsButton(page).getAttribute('aria-label')).toBe('Approvals, none pending');
    const outcome = detail.getByRole('region', { name: 'Outcome' });
    await expect.poll(() => outcome.textContent()).toContain('Approved by you');
    const result = await toolResultText(page);
    expect(result).toContain('Hello from the person in the loop');
    expect(result).toContain('loupe-e2e-model');

    // The decision links to the server's request (and our response) in the traffic log.
    await detail.getByRole('button', { name: /^Show response #\d+ in the traffic log$/ }).waitFor();
    const link = detail.getByRole('button', { name: /^Show request #\d+ in the traffic log$/ });
    const seq = /#(\d+)/.exec((await link.getAttribute('aria-label')) ?? '')?.[1];
    await link.click();
    const selected = page.getByRole('region', { name: 'Traffic' }).getByRole('row', { selected: true });
    await expect.poll(() => selected.getByRole('gridcell').first().textContent()).toBe(seq);
  });

  test('a rejection reaches the server as an error with the edited message', async () => {
    const page = harness.page;
    await runTool(page, 'trigger-sampling-request', { prompt: 'Please refuse me' });
    const detail = approvalsRegion(page).getByRole('article', { name: `Sampling request from ${NEW}` });
    await expect.poll(() => detail.getByRole('region', { name: 'Messages' }).textContent(), ARRIVES).toContain('Please refuse me');
    const reply = detail.getByRole('form', { name: 'Reply' });
    await reply.getByRole('textbox', { name: 'Error message' }).fill('No sampling in this test');
    await reply.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => detail.getByRole('region', { name: 'Outcome' }).textContent()).toContain('No sampling in this test');
    expect(await toolResultText(page)).toContain('No sampling in this test');
  });

  test('2025.9.25 sampleLLM: the approved text is the tool result', async () => {
    const page = harness.page;
    await connectServer(page, OLD);
    await selectServer(page, OLD);
    await runTool(page, 'sampleLLM', { prompt: 'Old-style sampling', maxTokens: 20 });
    const detail = approvalsRegion(page).getByRole('article', { name: `Sampling request from ${OLD}` });
    await expect.poll(() => detail.getByRole('region', { name: 'Parameters' }).textContent(), ARRIVES).toContain('thisServer');
    await detail.getByRole('textbox', { name: 'Reply text' }).fill('Answer for the 2025 server');
    await detail.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => toolResultText(page)).toContain('LLM sampling result: Answer for the 2025 server');
  });

  test('several requests from several servers wait at once; Reject all answers them all', async () => {
    const page = harness.page;
    await fireToolCalls(page, 'everything-2026', 'trigger-sampling-request', { prompt: 'Parallel' }, 2);
    await fireToolCalls(page, 'everything-2025', 'sampleLLM', { prompt: 'Parallel old' }, 1);
    await expect.poll(() => approvalsButton(page).getAttribute('aria-label')).toBe('Approvals, 3 pending');
    const approvals = approvalsRegion(page);
    expect(await approvals.getByRole('listbox', { name: 'Waiting requests' }).getByRole('option').count()).toBe(3);
    await expect.poll(() => approvals.textContent(), ARRIVES).toContain(`2 from ${NEW}`);
    expect(await approvals.textContent()).toContain(`1 from ${OLD}`);

    await approvals.getByRole('button', { name: 'Reject all' }).click();
    await approvals.getByRole('button', { name: 'Reject 3' }).click();
    await expect.poll(() => approvalsButton(page).getAttribute('aria-label')).toBe('Approvals, none pending');
    await approvals.getByRole('tab', { name: /History/ }).click();
    const decisions = approvals.getByRole('listbox', { name: 'Decisions' }).getByRole('option');
    await expect.poll(() => decisions.filter({ hasText: 'Rejected' }).count()).toBeGreaterThanOrEqual(4);
    await approvals.getByRole('tab', { name: /Queue/ }).click();
  });

  test('after answering one request, the next one waiting is shown', async () => {
    const page = harness.page;
    await fireToolCalls(page, 'everything-2026', 'trigger-sampling-request', { prompt: 'In turn' }, 2);
    await expect.poll(() => approvalsButton(page).getAttribute('aria-label')).toBe('Approvals, 2 pending');
    const detail = approvalsRegion(page).getByRole('article', { name: `Sampling request from ${NEW}` });
    const messages = detail.getByRole('region', { name: 'Messages' });
    await expect.poll(() => messages.textContent(), ARRIVES).toContain('In turn #');
    const first = (await messages.textContent())!.includes('In turn #1') ? 'In turn #1' : 'In turn #2';
    const second = first === 'In turn #1' ? 'In turn #2' : 'In turn #1';
    const reply = detail.getByRole('form', { name: 'Reply' });
    await reply.getByRole('textbox', { name: 'Error message' }).fill('One at a time');
    await reply.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => messages.textContent()).toContain(second);
    expect(await detail.getByRole('form', { name: 'Reply' }).count()).toBe(1);
    await approvalsRegion(page).getByRole('button', { name: 'Reject all' }).click();
    await approvalsRegion(page).getByRole('button', { name: 'Reject 1' }).click();
    await expect.poll(() => approvalsButton(page).getAttribute('aria-label')).toBe('Approvals, none pending');
  });

  test('a request whose server disconnects is marked disconnected and cannot be answered', async () => {
    const page = harness.page;
    await selectServer(page, NEW);
    await runTool(page, 'trigger-sampling-request', { prompt: 'Never answered' });
    const approvals = approvalsRegion(page);
    const detail = approvals.getByRole('article', { name: `Sampling request from ${NEW}` });
    await expect.poll(() => detail.getByRole('region', { name: 'Messages' }).textContent(), ARRIVES).toContain('Never answered');
    await disconnectServer(page, NEW);
    await expect.poll(() => detail.textContent(), ARRIVES).toContain('The server disconnected before this request was answered.');
    expect(await detail.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await detail.getByRole('button', { name: 'Reject' }).count()).toBe(0);
    const option = approvals.getByRole('listbox', { name: 'Waiting requests' }).getByRole('option').filter({ hasText: 'Never answered' });
    expect(await option.textContent()).toContain('Disconnected');
    await detail.getByRole('button', { name: 'Remove from queue' }).click();
    await option.waitFor({ state: 'detached' });
    expect(harness.pageErrors).toEqual([]);
  });
});
