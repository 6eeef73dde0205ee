import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { RuleSpend } from '../../shared/models.js';
import { startModelProvider, type ModelProviderFixture } from '../fixtures/model-provider.mjs';
import { approvalsButton, approvalsRegion, connectServer, EVERYTHING_2026, everythingServer, invokeViaSecondBridge, plantServers, runTool, selectServer, toolResultText } from './approvals-helpers.js';
import { startHarness, type Harness } from './harness.js';

const SERVER = 'Everything 2026';
const PROVIDER = 'Local fixture';
const MODEL = `fixture-model · ${PROVIDER}`;
/** A model's answer goes through the core and a server: on a loaded machine that can take a while. */
const ARRIVES = { timeout: 15_000 };

function rulesRegion(page: Page): Locator {
  return approvalsRegion(page).getByRole('region', { name: 'Auto-reply rules' });
}

function ruleItem(page: Page, name: string): Locator {
  return rulesRegion(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox', { name: `Rule “${name}” enabled` }) });
}

async function openRules(page: Page): Promise<void> {
  if ((await approvalsButton(page).getAttribute('aria-expanded')) !== 'true') await approvalsButton(page).click();
  await approvalsRegion(page)
    .getByRole('tab', { name: /Templates & auto-reply/ })
    .click();
}

async function closeApprovals(page: Page): Promise<void> {
  await approvalsRegion(page).getByRole('button', { name: 'Close approvals' }).click();
}

/** Adds an enabled rule that answers the server's sampling with the fixture model, within `cap` tokens. */
async function addModelRule(page: Page, name: string, cap: number): Promise<void> {
  const form = rulesRegion(page).getByRole('form', { name: 'New auto-reply rule' });
  await form.getByRole('textbox', { name: 'Rule name' }).fill(name);
  await form.getByRole('combobox', { name: 'Server' }).selectOption({ label: SERVER });
  await form.getByRole('radio', { name: 'A model' }).check();
  await form.getByRole('combobox', { name: 'Rule model' }).selectOption({ label: MODEL });
  await form.getByRole('spinbutton', { name: 'Token cap per session' }).fill(String(cap));
  await form.getByRole('checkbox', { name: 'Enable now' }).check();
  await form.getByRole('button', { name: 'Add rule' }).click();
  await ruleItem(page, name).waitFor();
}

async function spendOf(page: Page, name: string): Promise<RuleSpend | undefined> {
  const rules = (await invokeViaSecondBridge(page, 'sampling.rules.list', undefined)) as Array<{ id: string; name: string }>;
  const id = rules.find((rule) => rule.name === name)?.id;
  const spends = (await invokeViaSecondBridge(page, 'models.ruleSpending', undefined)) as RuleSpend[];
  return spends.find((spend) => spend.ruleId === id);
}

describe('an auto-reply rule that answers with a model shows what it spent this session, and why it stopped at its cap', () => {
  let harness: Harness;
  let fixture: ModelProviderFixture;

  beforeAll(async () => {
    fixture = await startModelProvider({ kind: 'openai', models: ['fixture-model'] });
    fixture.script([{ reply: { text: 'The rule model answered.' } }]);
    harness = await startHarness({ viewport: { width: 1366, height: 768 }, prepareDataDir: plantServers([everythingServer('everything-2026', SERVER, EVERYTHING_2026)]) });
    const page = harness.page;
    await invokeViaSecondBridge(page, 'models.providers.add', { kind: 'openai-compatible', name: PROVIDER, baseUrl: fixture.url, apiKey: fixture.apiKey, defaultModel: 'fixture-model' });
    await connectServer(page, SERVER);
    await selectServer(page, SERVER);
  });

  afterAll(async () => {
    await harness?.close();
    await fixture?.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await harness.screenshot(`debug-auto-reply-spend-${context.task.name.slice(0, 24)}`);
  });

  test('the spend beside the rule grows with each model reply, within the cap', async () => {
    const page = harness.page;
    await openRules(page);
    await addModelRule(page, 'Budget', 5_000);
    const rule = ruleItem(page, 'Budget');
    expect(await rule.textContent()).toContain('0 of 5,000 tokens spent this session');
    await closeApprovals(page);

    await runTool(page, 'trigger-sampling-request', { prompt: 'Answer by rule', maxTokens: 50 });
    await expect.poll(() => toolResultText(page), ARRIVES).toContain('The rule model answered.');
    const spend = await spendOf(page, 'Budget');
    expect(spend?.spentTokens).toBeGreaterThan(0);
    await openRules(page);
    await expect.poll(() => rule.textContent(), ARRIVES).toContain(`${spend!.spentTokens.toLocaleString('en-US')} of 5,000 tokens spent this session`);
    expect(await rule.textContent()).not.toContain('It stopped answering');

    // With the rules on screen, the next reply's spend arrives by itself.
    await invokeViaSecondBridge(page, 'tools.call', { serverId: 'everything-2026', name: 'trigger-sampling-request', arguments: { prompt: 'Answer by rule once more', maxTokens: 50 }, callId: 'spend-live' });
    const after = await spendOf(page, 'Budget');
    expect(after!.spentTokens).toBeGreaterThan(spend!.spentTokens);
    await expect.poll(() => rule.textContent(), ARRIVES).toContain(`${after!.spentTokens.toLocaleString('en-US')} of 5,000 tokens spent this session`);
    await rule.getByRole('button', { name: 'Delete rule “Budget”' }).click();
    await rule.waitFor({ state: 'detached' });
  });

  test('once the cap is spent, the rule says it stopped answering and why, and counts the requests left to the person', async () => {
    const page = harness.page;
    await openRules(page);
    // One token: the first reply spends it (and more).
    await addModelRule(page, 'Tiny', 1);
    await closeApprovals(page);
    await runTool(page, 'trigger-sampling-request', { prompt: 'Answer by rule', maxTokens: 50 });
    await expect.poll(() => toolResultText(page), ARRIVES).toContain('The rule model answered.');
    const spent = (await spendOf(page, 'Tiny'))!.spentTokens;

    await openRules(page);
    const rule = ruleItem(page, 'Tiny');
    await expect.poll(() => rule.textContent(), ARRIVES).toContain(`${spent.toLocaleString('en-US')} of 1 tokens spent this session`);
    expect(await rule.textContent()).toContain(
      'It stopped answering: its 1-token cap for this session is spent, so the sampling requests it would answer wait for you until Loupe restarts.',
    );
    await closeApprovals(page);

    // The next request waits for the person, and the rule counts it.
    await runTool(page, 'trigger-sampling-request', { prompt: 'Answer by rule again', maxTokens: 50 });
    await expect.poll(() => approvalsButton(page).getAttribute('aria-label'), ARRIVES).toMatch(/^Approvals, 1 pending/);
    await openRules(page);
    await expect.poll(() => rule.textContent(), ARRIVES).toContain('wait for you until Loupe restarts (1 has so far).');
    await harness.screenshot('auto-reply-rule-spend');
  });
});
