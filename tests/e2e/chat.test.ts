import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startModelProvider, type ModelProviderFixture } from '../fixtures/model-provider.mjs';
import { modernServerConfig } from '../fixtures/modern-server-config.js';
import { approvalsButton, approvalsRegion, connectServer, disconnectServer, EVERYTHING_2026, everythingServer, invokeViaSecondBridge, plantServers, runTool, selectServer, toolResultText } from './approvals-helpers.js';
import { downloadText, startHarness, type Harness } from './harness.js';

const SERVER = 'Everything 2026';
const MODERN = 'Modern fixture';
const PROVIDER = 'Local fixture';
const MODEL = `fixture-model · ${PROVIDER}`;
const SECOND_MODEL = `fixture-large · ${PROVIDER}`;
/** A model's answer and a tool call go through the core and a server: on a loaded machine that can take a while. */
const ARRIVES = { timeout: 15_000 };

function chatRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Chat' });
}

function conversation(page: Page): Locator {
  return chatRegion(page).getByRole('list', { name: 'Conversation' });
}

function conversations(page: Page): Locator {
  return chatRegion(page).getByRole('navigation', { name: 'Conversations' });
}

async function newChat(page: Page): Promise<void> {
  const button = conversations(page).getByRole('button', { name: 'New chat', exact: true });
  if (await button.isEnabled()) await button.click();
}

async function send(page: Page, text: string): Promise<void> {
  const chat = chatRegion(page);
  await chat.getByRole('textbox', { name: 'Message' }).fill(text);
  await chat.getByRole('button', { name: 'Send' }).click();
}

async function idle(page: Page): Promise<void> {
  await expect.poll(() => chatRegion(page).getByRole('status').textContent(), ARRIVES).toMatch(/^Ready/);
}

describe('a model in the loop: conversations, tool-call approval with edits, context by hand, Compare, model auto-reply, sampling with tools', () => {
  let harness: Harness;
  let fixture: ModelProviderFixture;

  beforeAll(async () => {
    fixture = await startModelProvider({ kind: 'openai', apiKey: 'sk-chat-e2e-secret', models: ['fixture-model', 'fixture-large'] });
    harness = await startHarness({
      viewport: { width: 1366, height: 768 },
      prepareDataDir: plantServers([everythingServer('everything-2026', SERVER, EVERYTHING_2026), { id: 'modern', ...modernServerConfig(MODERN) }]),
    });
    const page = harness.page;
    await invokeViaSecondBridge(page, 'models.providers.add', { kind: 'openai-compatible', name: PROVIDER, baseUrl: fixture.url, apiKey: fixture.apiKey, defaultModel: 'fixture-model' });
    await connectServer(page, SERVER);
    await selectServer(page, SERVER);
    await page.getByRole('tab', { name: 'Chat' }).click();
    await chatRegion(page).getByRole('combobox', { name: 'Model' }).selectOption({ label: MODEL });
  });

  afterAll(async () => {
    await harness?.close();
    await fixture?.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await harness.screenshot(`debug-chat-${context.task.name.slice(0, 24)}`);
  });

  test('a conversation is saved, listed, exported as JSON without the key, removed, and started again from a turn with edited text', async () => {
    const page = harness.page;
    const chat = chatRegion(page);
    fixture.script([
      { when: { lastUser: 'Tell me about otters' }, reply: { text: 'Otters hold hands while they sleep.' } },
      { when: { lastUser: 'Tell me about badgers' }, reply: { text: 'Badgers dig setts.' } },
    ]);
    await send(page, 'Tell me about otters');
    await expect.poll(() => conversation(page).textContent(), ARRIVES).toContain('Otters hold hands while they sleep.');
    await idle(page);

    const actions = chat.getByRole('group', { name: 'Conversation actions' });
    await actions.getByRole('button', { name: 'Save' }).click();
    await actions.getByText('Tell me about otters · saved').waitFor();
    const listed = conversations(page).getByRole('button', { name: 'Open Tell me about otters', exact: true });
    await expect.poll(() => listed.textContent()).toMatch(/fixture-model · 2 turns · .* · saved/);

    const [download] = await Promise.all([page.waitForEvent('download'), actions.getByRole('button', { name: 'Export JSON' }).click()]);
    expect(download.suggestedFilename()).toBe('Tell-me-about-otters.chat.json');
    const exported = await downloadText(download);
    const document = JSON.parse(exported) as { conversation: { turns: Array<{ type: string; text?: string }> } };
    expect(document.conversation.turns.map((turn) => turn.type)).toEqual(['user', 'assistant']);
    expect(document.conversation.turns[1]?.text).toBe('Otters hold hands while they sleep.');
    expect(exported).not.toContain(fixture.apiKey);

    // Start again from the person's message, edited: a new conversation with the new answer.
    const first = conversation(page).getByRole('listitem', { name: 'You, turn 1' });
    await first.getByRole('button', { name: 'Start again from here (Turn 1)' }).click();
    const again = first.getByRole('form', { name: 'Start again from turn 1' });
    expect(await again.getByRole('textbox', { name: 'Message to send again' }).inputValue()).toBe('Tell me about otters');
    await again.getByRole('textbox', { name: 'Message to send again' }).fill('Tell me about badgers');
    await again.getByRole('button', { name: 'Send again' }).click();
    await expect.poll(() => conversation(page).textContent(), ARRIVES).toContain('Badgers dig setts.');
    expect(await conversation(page).textContent()).not.toContain('Otters hold hands');
    await idle(page);
    await actions.getByText('Tell me about otters (again from turn 1)').waitFor();
    expect(JSON.stringify(fixture.calls.at(-1)?.messages)).not.toContain('otters');

    // Open the saved one again from the list: its turns are back.
    await listed.click();
    await expect.poll(() => conversation(page).textContent()).toContain('Otters hold hands while they sleep.');
    await harness.screenshot('chat-conversations');

    // Remove it: it leaves the list, and the chat is empty again.
    await actions.getByRole('button', { name: 'Remove' }).click();
    await actions.getByRole('button', { name: 'Remove for good' }).click();
    await listed.waitFor({ state: 'detached' });
    await conversation(page).waitFor({ state: 'detached' });
  });

  test('a tool call whose arguments break the schema shows the violations; the person edits them and the edited call is sent', async () => {
    const page = harness.page;
    const chat = chatRegion(page);
    await newChat(page);
    fixture.script([
      { when: { toolResult: true }, reply: { text: 'The server added them up.' } },
      { when: { lastUser: 'Add two and three' }, reply: { toolCalls: [{ name: 'get-sum', arguments: { a: 2, b: 'three' } }] } },
    ]);
    await send(page, 'Add two and three');
    const call = chat.getByRole('region', { name: 'Tool call get-sum' });
    await call.waitFor(ARRIVES);
    const violations = call.getByRole('group', { name: 'Schema violations' });
    await expect.poll(() => violations.textContent(), ARRIVES).toContain('/b');
    // Not sent as it is unless the person says so: no plain Approve, only Send anyway.
    expect(await call.getByRole('button', { name: 'Approve call' }).count()).toBe(0);
    await call.getByRole('button', { name: 'Send anyway' }).waitFor();
    await harness.screenshot('chat-tool-call-violations');

    await call.getByRole('button', { name: 'Edit arguments' }).click();
    await call.getByRole('textbox', { name: 'Arguments for get-sum' }).fill('{"a": 2, "b": 3}');
    await violations.waitFor({ state: 'detached' });
    await call.getByRole('button', { name: 'Approve edited call' }).click();

    await expect.poll(() => conversation(page).textContent(), ARRIVES).toContain('The server added them up.');
    const tool = conversation(page).getByRole('listitem', { name: /^Tool get-sum/ });
    expect(await tool.textContent()).toContain('get-sum · done (edited)');
    expect(await tool.textContent()).toContain('with {"a":2,"b":3}');
    expect(await tool.textContent()).toContain('5');
    // The server's answer to the edited call went back to the model.
    expect(JSON.stringify(fixture.calls.at(-1)?.messages)).toMatch(/sum of 2 and 3 is 5/);
    await idle(page);
  });

  test('a tool call waits in the Approvals desk too, counted on its button; edited and approved there, the chat goes on', async () => {
    const page = harness.page;
    await newChat(page);
    fixture.script([
      { when: { toolResult: true }, reply: { text: 'The desk let it through.' } },
      { when: { lastUser: 'Echo through the desk' }, reply: { toolCalls: [{ name: 'echo', arguments: { message: 'from the model' } }] } },
    ]);
    await send(page, 'Echo through the desk');
    await chatRegion(page).getByRole('region', { name: 'Tool call echo' }).waitFor(ARRIVES);
    await expect.poll(() => approvalsButton(page).getAttribute('aria-label'), ARRIVES).toMatch(/^Approvals, 1 pending/);

    await approvalsButton(page).click();
    const desk = approvalsRegion(page);
    const row = desk.getByRole('listbox', { name: 'Waiting requests' }).getByRole('option').filter({ hasText: 'Tool call' });
    await row.waitFor(ARRIVES);
    expect(await row.textContent()).toContain(SERVER);
    expect(await row.textContent()).toContain('The model calls echo');
    const call = desk.getByRole('article', { name: `Tool call echo on ${SERVER}` });
    await call.getByRole('button', { name: 'Edit arguments' }).click();
    await call.getByRole('textbox', { name: 'Arguments for echo' }).fill('{"message": "edited in the desk"}');
    await harness.screenshot('chat-tool-call-in-approvals');
    await call.getByRole('button', { name: 'Approve edited call' }).click();

    // Decided in the desk: the chat's own card goes, and the model gets the edited call's result.
    await expect.poll(() => conversation(page).textContent(), ARRIVES).toContain('The desk let it through.');
    expect(await chatRegion(page).getByRole('region', { name: 'Tool call echo' }).count()).toBe(0);
    expect(JSON.stringify(fixture.calls.at(-1)?.messages)).toContain('Echo: edited in the desk');
    await expect.poll(() => call.textContent()).toContain('Approved, edited');
    await expect.poll(() => approvalsButton(page).getAttribute('aria-label')).toMatch(/^Approvals, none pending/);
    await desk.getByRole('button', { name: 'Close approvals' }).click();
    await idle(page);
    expect(harness.pageErrors).toEqual([]);
  });

  test('the model can be offered the tools of any connected servers, not only the selected one; each tool is named after its server', async () => {
    const page = harness.page;
    const chat = chatRegion(page);
    await newChat(page);
    const offered = chat.getByRole('group', { name: 'Tools from' });
    await connectServer(page, MODERN);
    await selectServer(page, SERVER);
    await offered.getByRole('checkbox', { name: MODERN }).waitFor();
    // The selected server is offered by default; another connected one on a tick.
    expect(await offered.getByRole('checkbox', { name: SERVER }).isChecked()).toBe(true);
    expect(await offered.getByRole('checkbox', { name: MODERN }).isChecked()).toBe(false);
    await offered.getByRole('checkbox', { name: MODERN }).check();
    await harness.screenshot('chat-offered-servers');
    fixture.script([{ when: { lastUser: 'Which tools do you have' }, reply: { text: 'Tools of two servers.' } }]);
    await send(page, 'Which tools do you have?');
    await expect.poll(() => conversation(page).textContent(), ARRIVES).toContain('Tools of two servers.');
    const names = ((fixture.calls.at(-1)?.tools ?? []) as Array<{ function: { name: string } }>).map((tool) => tool.function.name);
    expect(names).toContain('Everything_2026__echo');
    expect(names.some((name) => name.startsWith('Modern_fixture__'))).toBe(true);
    await idle(page);

    // The next chat goes back to the selected server alone; the tests after connect Modern themselves.
    await offered.getByRole('checkbox', { name: MODERN }).uncheck();
    await newChat(page);
    await disconnectServer(page, MODERN);
    await selectServer(page, SERVER);
    expect(harness.pageErrors).toEqual([]);
  });

  test('a resource and a prompt of the server are added to the context by hand, shown as context turns, and the model gets them', async () => {
    const page = harness.page;
    const chat = chatRegion(page);
    await newChat(page);
    const form = chat.getByRole('form', { name: 'Add context' });
    await form.getByRole('radio', { name: 'Resource' }).check();
    await form.getByRole('combobox', { name: 'Resource URI' }).fill('demo://resource/dynamic/text/7');
    await form.getByRole('button', { name: 'Add to context' }).click();
    const resource = conversation(page).getByRole('listitem', { name: 'Context, turn 1' });
    await expect.poll(() => resource.textContent(), ARRIVES).toContain('Context from Everything 2026: resource demo://resource/dynamic/text/7');
    expect(await resource.textContent()).toContain('Resource 7: This is a plaintext resource');

    await form.getByRole('radio', { name: 'Prompt' }).check();
    await form.getByRole('combobox', { name: 'Prompt name' }).fill('args-prompt');
    await form.getByRole('textbox', { name: 'Prompt arguments (JSON)' }).fill('{"city": "Lyon"}');
    await form.getByRole('button', { name: 'Add to context' }).click();
    const prompt = conversation(page).getByRole('listitem', { name: 'Context, turn 2' });
    await expect.poll(() => prompt.textContent(), ARRIVES).toContain('prompt args-prompt (city=Lyon)');
    expect(await prompt.textContent()).toContain("What's weather in Lyon?");

    // A bad argument gets one sentence, and nothing is added.
    await form.getByRole('textbox', { name: 'Prompt arguments (JSON)' }).fill('{"city": 3}');
    await form.getByRole('button', { name: 'Add to context' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('The prompt argument "city" must be text (prompt arguments are strings).');

    fixture.script([{ when: { lastUser: 'Summarise the context' }, reply: { text: 'It is about Lyon and resource 7.' } }]);
    await send(page, 'Summarise the context');
    await expect.poll(() => conversation(page).textContent(), ARRIVES).toContain('It is about Lyon and resource 7.');
    const sent = JSON.stringify(fixture.calls.at(-1)?.messages);
    expect(sent).toContain('Resource 7: This is a plaintext resource');
    expect(sent).toContain("What's weather in Lyon?");
    await idle(page);
    // Titled after the first message, though the context came first.
    await chat.getByRole('group', { name: 'Conversation actions' }).getByText('Summarise the context', { exact: true }).waitFor();
    await harness.screenshot('chat-context');
  });

  test('Compare sends one prompt to two models and shows each answer side by side, with the tools each one called', async () => {
    const page = harness.page;
    const chat = chatRegion(page);
    await newChat(page);
    fixture.script([
      { when: { toolResult: true, model: 'fixture-model' }, reply: { text: 'The small model used echo.' } },
      { when: { model: 'fixture-model' }, reply: { toolCalls: [{ name: 'echo', arguments: { message: 'from the small model' } }] } },
      { when: { model: 'fixture-large' }, reply: { text: 'The large model needs no tools.' } },
    ]);
    const settings = chat.getByRole('group', { name: 'Chat settings' });
    await settings.getByRole('checkbox', { name: 'Compare with a second model' }).check();
    await settings.getByRole('combobox', { name: 'First model' }).selectOption({ label: MODEL });
    await settings.getByRole('combobox', { name: 'Second model' }).selectOption({ label: SECOND_MODEL });
    await chat.getByRole('textbox', { name: 'Message' }).fill('Compare: say something with echo');
    await chat.getByRole('button', { name: 'Compare' }).click();

    const compare = chat.getByRole('group', { name: 'Compare' });
    const small = compare.getByRole('region', { name: `Answer of ${MODEL}` });
    const large = compare.getByRole('region', { name: `Answer of ${SECOND_MODEL}` });
    await expect.poll(() => large.textContent(), ARRIVES).toContain('The large model needs no tools.');
    // The small model's call waits for the person, as in a single chat.
    const call = chat.getByRole('region', { name: 'Tool call echo' });
    await call.waitFor(ARRIVES);
    await call.getByRole('button', { name: 'Approve call' }).click();
    await expect.poll(() => small.textContent(), ARRIVES).toContain('The small model used echo.');

    expect(await small.getByRole('group', { name: `Tools called by ${MODEL}` }).textContent()).toBe('Tools called: 1echo({"message":"from the small model"})');
    expect(await large.getByRole('group', { name: `Tools called by ${SECOND_MODEL}` }).textContent()).toBe('Tools called: none');
    // Both models got the same prompt.
    const prompts = fixture.calls.filter((body) => JSON.stringify(body.messages).includes('Compare: say something with echo'));
    expect(new Set(prompts.map((body) => body.model))).toEqual(new Set(['fixture-model', 'fixture-large']));
    await expect.poll(() => small.textContent(), ARRIVES).toContain('Done');
    await expect.poll(() => large.textContent(), ARRIVES).toContain('Done');
    await harness.screenshot('chat-compare');
    // Both are in the list, marked as a Compare.
    expect(await conversations(page).getByRole('button', { name: 'Open Compare: say something with echo' }).count()).toBe(2);
  });

  test('an auto-reply rule answers sampling with a model, opt-in, until its token cap for the session is spent', async () => {
    const page = harness.page;
    fixture.script([{ when: { lastUser: 'Answer by rule' }, reply: { text: 'The rule model answered this one.' } }]);
    await approvalsButton(page).click();
    const approvals = approvalsRegion(page);
    await approvals.getByRole('tab', { name: /Templates & auto-reply/ }).click();
    const rules = approvals.getByRole('region', { name: 'Auto-reply rules' });
    const form = rules.getByRole('form', { name: 'New auto-reply rule' });
    await form.getByRole('textbox', { name: 'Rule name' }).fill('Model answers');
    await form.getByRole('combobox', { name: 'Server' }).selectOption({ label: SERVER });
    // No template exists: the rule answers with a model.
    expect(await form.getByRole('radio', { name: 'A template' }).isDisabled()).toBe(true);
    await form.getByRole('radio', { name: 'A model' }).check();
    await form.getByRole('combobox', { name: 'Rule model' }).selectOption({ label: SECOND_MODEL });
    // One token: the first reply spends it (and more), so the next request waits for the person.
    await form.getByRole('spinbutton', { name: 'Token cap per session' }).fill('1');
    await form.getByRole('button', { name: 'Add rule' }).click();
    const toggle = rules.getByRole('checkbox', { name: 'Rule “Model answers” enabled' });
    await toggle.waitFor();
    expect(await rules.getByRole('listitem').filter({ hasText: 'Model answers' }).textContent()).toContain(
      `answers ${SERVER} with ${SECOND_MODEL}, up to 1 tokens per session`,
    );
    // Opt-in: added switched off.
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();
    await approvals.getByRole('status').filter({ hasText: 'Auto-reply is on.' }).waitFor();
    await harness.screenshot('chat-model-auto-reply-rule');
    await approvals.getByRole('button', { name: 'Close approvals' }).click();

    await runTool(page, 'trigger-sampling-request', { prompt: 'Answer by rule, please', maxTokens: 50 });
    await expect.poll(() => toolResultText(page), ARRIVES).toContain('The rule model answered this one.');
    expect(fixture.calls.at(-1)?.model).toBe('fixture-large');

    // The cap is spent: the next request waits for the person, and says why.
    const calls = fixture.calls.length;
    await runTool(page, 'trigger-sampling-request', { prompt: 'Answer by rule again', maxTokens: 50 });
    await expect.poll(() => approvalsButton(page).getAttribute('aria-label'), ARRIVES).toMatch(/^Approvals, 1 pending/);
    if ((await approvalsButton(page).getAttribute('aria-expanded')) !== 'true') await approvalsButton(page).click();
    await approvals.getByRole('tab', { name: /^Queue/ }).click();
    const detail = approvals.getByRole('article', { name: `Sampling request from ${SERVER}` });
    await expect.poll(() => detail.textContent(), ARRIVES).toContain('The rule "Model answers" has spent its 1 tokens for this session, so this request waits for you.');
    expect(fixture.calls.length).toBe(calls);
    await detail.getByRole('textbox', { name: 'Reply text' }).fill('Answered by hand');
    await detail.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => toolResultText(page), ARRIVES).toContain('Answered by hand');
  });

  test('sampling with tools: the tools offered go to the model, and its tool_use shows in the draft and goes out in the reply', async () => {
    const page = harness.page;
    fixture.script([{ when: { lastUser: 'Weather in Lyon' }, reply: { text: 'Let me look it up.', toolCalls: [{ name: 'get-weather', arguments: { city: 'Lyon' } }] } }]);
    await selectServer(page, MODERN);
    await connectServer(page, MODERN);
    const request = {
      messages: [{ role: 'user', content: { type: 'text', text: 'Weather in Lyon, please' } }],
      maxTokens: 100,
      tools: [{ name: 'get-weather', description: 'The weather of a city', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }],
    };
    // Called through a second bridge (the Tools list's filter finds 'sample' in other tools' descriptions too); it answers once approved.
    const answered = invokeViaSecondBridge(page, 'tools.call', { serverId: 'modern', name: 'sample', arguments: { request }, callId: 'sample-with-tools' });
    const approvals = approvalsRegion(page);
    if ((await approvalsButton(page).getAttribute('aria-expanded')) !== 'true') await approvalsButton(page).click();
    await approvals.getByRole('tab', { name: /^Queue/ }).click();
    const detail = approvals.getByRole('article', { name: `Sampling request from ${MODERN}` });
    await expect.poll(() => detail.textContent(), ARRIVES).toContain('Tools offered to the model (1)');
    const bar = detail.getByRole('region', { name: 'Draft with model' });
    await bar.getByRole('combobox', { name: 'Model' }).selectOption({ label: MODEL });
    await bar.getByRole('button', { name: 'Draft with model' }).click();

    const uses = detail.getByRole('group', { name: 'Tool uses in the reply' });
    await expect.poll(() => uses.textContent(), ARRIVES).toContain('get-weather({"city":"Lyon"})');
    expect(await detail.getByRole('textbox', { name: 'Reply text' }).inputValue()).toBe('Let me look it up.');
    expect(await detail.getByRole('combobox', { name: 'Stop reason' }).inputValue()).toBe('toolUse');
    // The model was offered the server's tool.
    expect(JSON.stringify(fixture.calls.at(-1)?.tools)).toContain('get-weather');
    await uses.scrollIntoViewIfNeeded();
    await harness.screenshot('chat-sampling-with-tools');

    // The person corrects the model's call before approving: the edited input goes out.
    await uses.getByRole('button', { name: 'Edit the input of get-weather' }).click();
    await uses.getByRole('textbox', { name: 'Input of get-weather' }).fill('{"city": "Paris"}');
    await expect.poll(() => uses.textContent()).toContain('get-weather({"city":"Paris"})');
    await harness.screenshot('sampling-tool-use-edit');
    await uses.getByRole('button', { name: 'Edit the input of get-weather' }).click();

    await detail.getByRole('button', { name: 'Approve' }).click();
    // The server returns the reply it got, as JSON text.
    const outcome = (await answered) as { result: { content: Array<{ text: string }> } };
    const reply = JSON.parse(outcome.result.content[0]!.text) as { content: unknown; stopReason: string };
    expect(reply.stopReason).toBe('toolUse');
    expect(reply.content).toEqual([
      { type: 'text', text: 'Let me look it up.' },
      { type: 'tool_use', id: expect.any(String), name: 'get-weather', input: { city: 'Paris' } },
    ]);
  });
});
