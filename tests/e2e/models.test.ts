import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startModelProvider, type ModelProviderFixture } from '../fixtures/model-provider.mjs';
import { approvalsButton, approvalsRegion, connectServer, EVERYTHING_2026, everythingServer, plantServers, runTool, selectServer, toolResultText } from './approvals-helpers.js';
import { startHarness, type Harness } from './harness.js';

const SERVER = 'Everything 2026';
const PROVIDER = 'Local fixture';
const DRAFTED = 'The model drafted this answer for the person to check, word by word.';
const STALLED = 'These words arrive, then the model goes quiet.';
/** A tool call reaches the server and its request comes back: on a loaded machine that can take more than the poll's default second. */
const ARRIVES = { timeout: 10_000 };

function samplingDetail(page: Page): Locator {
  return approvalsRegion(page).getByRole('article', { name: `Sampling request from ${SERVER}` });
}

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

  test('without a provider, the Approvals desk and Models settings say in one sentence how to add one', async () => {
    const page = harness.page;
    await connectServer(page, SERVER);
    await selectServer(page, SERVER);
    fixture.script([{ when: { lastUser: 'Stall me' }, reply: { text: STALLED, pieces: 5, stall: true } }]);
    await runTool(page, 'trigger-sampling-request', { prompt: 'Stall me halfway', maxTokens: 60 });
    const bar = samplingDetail(page).getByRole('region', { name: 'Draft with model' });
    await bar.getByText(/^No model provider is set up: add one in Models settings/).waitFor(ARRIVES);
    await bar.getByRole('button', { name: 'Open Models settings' }).click();
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

    // The Approvals desk behind may have listed them already (for its model picker): then the button reloads them.
    await card.getByRole('button', { name: /^(List|Reload) models$/ }).click();
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

  test('Draft with model streams into the reply editor while it runs; Stop keeps the text so far', async () => {
    const page = harness.page;
    const detail = samplingDetail(page);
    const bar = detail.getByRole('region', { name: 'Draft with model' });
    // The provider added meanwhile is offered, with the rules' pick first.
    const picker = bar.getByRole('combobox', { name: 'Model' });
    await expect.poll(() => picker.locator('option').first().textContent()).toBe(`By the rules: fixture-model · ${PROVIDER}`);
    await bar.getByRole('button', { name: 'Draft with model' }).click();

    const text = detail.getByRole('textbox', { name: 'Reply text' });
    // The fixture sends every word, then goes quiet: the words are in the editor while the draft still runs.
    await expect.poll(() => text.inputValue(), ARRIVES).toBe(STALLED);
    expect(await bar.getByRole('status').textContent()).toBe(`Drafting with fixture-model · ${PROVIDER}…`);
    expect(await detail.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    expect(await text.getAttribute('readonly')).not.toBeNull();

    await bar.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => bar.getByRole('status').textContent()).toBe('Stopped; the text so far is kept in the reply.');
    expect(await text.inputValue()).toBe(STALLED);
    expect(await text.getAttribute('readonly')).toBeNull();

    await detail.getByRole('textbox', { name: 'Error message' }).fill('Stopped in the test');
    await detail.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => toolResultText(page)).toContain('Stopped in the test');
  });

  test('the drafted reply, edited by the person, is approved and the server gets it', async () => {
    const page = harness.page;
    fixture.script([{ when: { lastUser: 'Draft me' }, reply: { text: DRAFTED, pieces: 8 } }]);
    const before = fixture.calls.length;
    await runTool(page, 'trigger-sampling-request', { prompt: 'Draft me an answer', maxTokens: 80 });
    const detail = samplingDetail(page);
    await expect.poll(() => detail.getByRole('region', { name: 'Messages' }).textContent(), ARRIVES).toContain('Draft me an answer');
    const bar = detail.getByRole('region', { name: 'Draft with model' });
    await bar.getByRole('combobox', { name: 'Model' }).selectOption({ label: `fixture-large · ${PROVIDER}` });
    await bar.getByRole('button', { name: 'Draft with model' }).click();

    const status = bar.getByRole('status');
    await expect.poll(() => status.textContent(), ARRIVES).toMatch(/^Drafted by fixture-large · Local fixture · \d+ in \+ \d+ out tokens · /);
    const text = detail.getByRole('textbox', { name: 'Reply text' });
    expect(await text.inputValue()).toBe(DRAFTED);
    expect(await detail.getByRole('textbox', { name: 'Model' }).inputValue()).toBe('fixture-large');
    // The model got the server's request: its prompt, its system prompt and its token limit.
    const call = fixture.calls[before]!;
    expect(call.model).toBe('fixture-large');
    expect(JSON.stringify(call.messages)).toContain('Draft me an answer');
    expect(JSON.stringify(call.messages)).toContain('You are a helpful test server.');
    // The record links the model's HTTP exchange.
    await bar.getByRole('button', { name: /^Show the model's exchange #\d+ in the traffic log$/ }).waitFor();
    await harness.screenshot('models-drafted-approval');

    await text.fill(`${DRAFTED} (checked by a person)`);
    await detail.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => approvalsButton(page).getAttribute('aria-label')).toBe('Approvals, none pending');
    const result = await toolResultText(page);
    expect(result).toContain(`${DRAFTED} (checked by a person)`);
    expect(result).toContain('fixture-large');
  });

  test('a provider failure is one sentence, and the reply can still be written by hand', async () => {
    const page = harness.page;
    fixture.script([{ when: { lastUser: 'Fail me' }, reply: { status: 500 } }]);
    await runTool(page, 'trigger-sampling-request', { prompt: 'Fail me now' });
    const detail = samplingDetail(page);
    await expect.poll(() => detail.getByRole('region', { name: 'Messages' }).textContent(), ARRIVES).toContain('Fail me now');
    const bar = detail.getByRole('region', { name: 'Draft with model' });
    await bar.getByRole('button', { name: 'Draft with model' }).click();
    const alert = bar.getByRole('alert');
    await expect.poll(() => alert.textContent(), ARRIVES).toMatch(/You can still write the reply by hand\.$/);
    expect(await alert.textContent()).toMatch(/500/);

    await detail.getByRole('textbox', { name: 'Reply text' }).fill('Written by hand after all');
    await detail.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => toolResultText(page)).toContain('Written by hand after all');
  });

  test('in the chat, the model calls a server tool the person approves, and its answer uses the result', async () => {
    const page = harness.page;
    fixture.script([
      { when: { toolResult: true }, reply: { text: 'The echo tool answered: hello from the chat.' } },
      { when: { lastUser: 'Use echo' }, reply: { toolCalls: [{ name: 'echo', arguments: { message: 'hello from the chat' } }] } },
    ]);
    await page.getByRole('tab', { name: 'Chat' }).click();
    const chat = page.getByRole('region', { name: 'Chat' });
    await chat.getByRole('combobox', { name: 'Model' }).selectOption({ label: `fixture-model · ${PROVIDER}` });
    expect(await chat.getByRole('checkbox', { name: 'Ask before each tool call' }).isChecked()).toBe(true);
    await chat.getByRole('textbox', { name: 'Message' }).fill('Use echo to say hello');
    await chat.getByRole('button', { name: 'Send' }).click();

    const call = chat.getByRole('region', { name: 'Tool call echo' });
    await call.waitFor(ARRIVES);
    expect(await call.textContent()).toContain('"message": "hello from the chat"');
    // The model was offered the server's tools.
    expect(JSON.stringify(fixture.calls.at(-1)?.tools)).toContain('echo');
    await call.getByRole('button', { name: 'Approve call' }).click();

    const conversation = chat.getByRole('list', { name: 'Conversation' });
    await expect.poll(() => conversation.textContent(), ARRIVES).toContain('The echo tool answered: hello from the chat.');
    const tool = conversation.getByRole('listitem', { name: 'Tool echo' });
    expect(await tool.textContent()).toContain('echo · done');
    expect(await tool.textContent()).toContain('hello from the chat');
    await call.waitFor({ state: 'detached' });
    // The tool result went back to the model.
    expect(JSON.stringify(fixture.calls.at(-1)?.messages)).toContain('hello from the chat');
    await harness.screenshot('models-chat');
  });
});
