import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startModelProvider, type ModelProviderFixture } from '../fixtures/model-provider.mjs';
import { approvalsButton, approvalsRegion, connectServer, EVERYTHING_2026, everythingServer, plantServers, runTool, selectServer, toolResultText } from './approvals-helpers.js';
import { startHarness, type Harness } from './harness.js';

const SERVER = 'Everything 2026';
const PROVIDER = 'Local fixture';
const DRAFTED = 'The model drafted this answer for the person to check, word by word.';

function modelsDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Models' });
}

describe('models: a provider set up in the window drafts a sampling reply for a person to approve', () => {
  let harness: Harness;
  let fixture: ModelProviderFixture;

  beforeAll(async () => {
    fixture = await startModelProvider({ kind: 'openai', apiKey: 'sk-e2e-secret-key', models: ['fixture-model', 'fixture-large'] });
    harness = await startHarness({ prepareDataDir: plantServers([everythingServer('everything-2026', SERVER, EVERYTHING_2026)]) });
  });

  afterAll(async () => {
    await harness?.close();
    await fixture?.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await harness.screenshot(`debug-models-${context.task.name.slice(0, 20)}`);
  });

  test('without a provider, Models settings says in one sentence how to add one', async () => {
    const page = harness.page;
    await page.getByRole('button', { name: 'Models' }).click();
    const dialog = modelsDialog(page);
    await dialog.getByRole('region', { name: 'Providers' }).getByText(/No model provider is set up: add one in Models settings/).waitFor();
  });

  test('adds an OpenAI-compatible provider: the key is stored, never shown, and Test connection answers in a sentence', async () => {
    const page = harness.page;
    const dialog = modelsDialog(page);
    const form = dialog.getByRole('form', { name: 'Add a provider' });
    await form.getByRole('radio', { name: 'OpenAI-compatible' }).check();
    await form.getByRole('textbox', { name: 'Name' }).fill(PROVIDER);
    await form.getByRole('textbox', { name: 'Base URL' }).fill(fixture.url);
    await form.getByLabel('API key').fill(fixture.apiKey);
    await form.getByRole('textbox', { name: 'Default model' }).fill('fixture-model');
    await form.getByRole('button', { name: 'Add provider' }).click();

    const card = dialog.getByRole('article', { name: `Provider ${PROVIDER}` });
    await card.waitFor();
    expect(await card.textContent()).toContain('Key stored');
    // The key went to the core: the form forgot it and the window shows it nowhere.
    expect(await form.getByLabel('API key').inputValue()).toBe('');
    expect(await page.content()).not.toContain(fixture.apiKey);

    await card.getByRole('button', { name: 'Test connection' }).click();
    const result = card.getByRole('status').filter({ hasText: 'Connected' });
    await expect.poll(() => result.textContent()).toBe(`Connected to ${PROVIDER}: it lists 2 models (fixture-model, fixture-large).`);
    // The test went to the fixture with the stored key.
    expect(fixture.requests.some((request) => request.path === '/v1/models' && request.headers.authorization === `Bearer ${fixture.apiKey}`)).toBe(true);

    await card.getByRole('button', { name: 'List models' }).click();
    const models = card.getByRole('listbox', { name: `Models of ${PROVIDER}` }).getByRole('option');
    await expect.poll(() => models.allTextContents()).toEqual([expect.stringContaining('fixture-model'), expect.stringContaining('fixture-large')]);
    await harness.screenshot('models-settings');
  });

  test('a wrong key gets one sentence from Test connection', async () => {
    const page = harness.page;
    const dialog = modelsDialog(page);
    const form = dialog.getByRole('form', { name: 'Add a provider' });
    await form.getByRole('radio', { name: 'OpenAI-compatible' }).check();
    await form.getByRole('textbox', { name: 'Name' }).fill('Wrong key');
    await form.getByRole('textbox', { name: 'Base URL' }).fill(fixture.url);
    await form.getByLabel('API key').fill('sk-not-the-key');
    await form.getByRole('button', { name: 'Add provider' }).click();
    const card = dialog.getByRole('article', { name: 'Provider Wrong key' });
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => card.getByRole('status').textContent()).toMatch(/key/i);
    expect(await card.getByRole('status').textContent()).not.toContain('sk-not-the-key');

    await card.getByRole('button', { name: 'Remove' }).click();
    await card.getByRole('button', { name: 'Remove Wrong key' }).click();
    await card.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
