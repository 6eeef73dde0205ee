import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { approvalsButton, approvalsRegion, connectServer, runTool, selectServer, toolResultText } from './approvals-helpers.js';
import { startHarness, type Harness } from './harness.js';

const DEMO = 'Everything (demo)';
/** The SDK's default request timeout (60 s), after which server-everything cancels its sampling request. */
const SERVER_TIMEOUT_MS = 60_000;

/**
 * Cancelling the tool call does not cancel server-everything's sampling request (its handler does
 * not pass the abort signal on), but the server's own request timeout does: after 60 s it sends
 * notifications/cancelled. This is the slow test of the suite, on purpose.
 */
describe('approvals: a request the server gives up on is marked cancelled', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
    await connectServer(harness.page, DEMO);
    await selectServer(harness.page, DEMO);
  });

  afterAll(async () => {
    await harness?.close();
  });

  test(
    'after the server’s timeout the request shows as cancelled, without Approve or Reject, until removed',
    async () => {
      const page = harness.page;
      await runTool(page, 'trigger-sampling-request', { prompt: 'Nobody answers this' });
      const approvals = approvalsRegion(page);
      const detail = approvals.getByRole('article', { name: `Sampling request from ${DEMO}` });
      await detail.getByRole('button', { name: 'Approve' }).waitFor();

      await expect
        .poll(() => detail.textContent(), { timeout: SERVER_TIMEOUT_MS + 20_000, interval: 1_000 })
        .toContain('The server cancelled this request');
      expect(await detail.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      expect(await detail.getByRole('button', { name: 'Reject' }).count()).toBe(0);
      expect(await approvalsButton(page).getAttribute('aria-label')).toBe('Approvals, none pending');
      const row = approvals.getByRole('listbox', { name: 'Waiting requests' }).getByRole('option').filter({ hasText: 'Nobody answers this' });
      expect(await row.textContent()).toContain('Cancelled by server');
      expect(await toolResultText(page)).toMatch(/timed out|cancel/i);
      await harness.screenshot('approval-cancelled');

      await detail.getByRole('button', { name: 'Remove from queue' }).click();
      await row.waitFor({ state: 'detached' });
      await approvals.getByRole('tab', { name: /History/ }).click();
      await approvals.getByRole('listbox', { name: 'Decisions' }).getByRole('option').filter({ hasText: 'Cancelled by server' }).waitFor();
      expect(harness.pageErrors).toEqual([]);
    },
    SERVER_TIMEOUT_MS + 60_000,
  );
});
