/**
 * MCP Apps in the chat (issue 29): a tool the model calls whose tool has an app shows that app
 * inline under its result, hosted as the Tools pane hosts it, against the official vanilla example.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { APP_NODE_COMMAND } from '../../shared/server-config.js';
import { startModelProvider, type ModelProviderFixture } from '../fixtures/model-provider.mjs';
import { invokeViaSecondBridge } from './approvals-helpers.js';
import { startHarness, type Harness } from './harness.js';
import { connectServer, plantServers } from './tools-helpers.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER = 'Basic Vanilla';
const SCRIPT = path.join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js');
const ARRIVES = { timeout: 20_000 };

describe('MCP Apps in the chat', () => {
  let harness: Harness;
  let fixture: ModelProviderFixture;

  beforeAll(async () => {
    fixture = await startModelProvider({ kind: 'openai', apiKey: 'sk-chat-apps-secret', models: ['fixture-model'] });
    harness = await startHarness({
      viewport: { width: 1366, height: 768 },
      prepareDataDir: plantServers(() => [{ name: SERVER, transport: { type: 'stdio', command: APP_NODE_COMMAND, args: [SCRIPT, '--stdio'], env: [] } }]),
    });
    await invokeViaSecondBridge(harness.page, 'models.providers.add', { kind: 'openai-compatible', name: 'Local fixture', baseUrl: fixture.url, apiKey: fixture.apiKey, defaultModel: 'fixture-model' });
  });

  afterAll(async () => {
    await harness?.close();
    await fixture?.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await harness.screenshot(`debug-chat-apps-${context.task.name.slice(0, 20)}`);
  });

  test('the model calls a tool that has an app: after the person approves, the app opens inline with the call’s result', async () => {
    const page = harness.page;
    await connectServer(page, SERVER);
    await page.getByRole('tab', { name: 'Chat' }).click();
    const chat = page.getByRole('region', { name: 'Chat' });
    await chat.getByRole('combobox', { name: 'Model' }).selectOption({ label: 'fixture-model · Local fixture' });
    fixture.script([
      { when: { toolResult: true }, reply: { text: 'The app shows the time.' } },
      { when: { lastUser: 'What time is it' }, reply: { toolCalls: [{ name: 'get-time', arguments: {} }] } },
    ]);
    await chat.getByRole('textbox', { name: 'Message' }).fill('What time is it on the server?');
    await chat.getByRole('button', { name: 'Send' }).click();
    const call = chat.getByRole('region', { name: 'Tool call get-time' });
    await call.waitFor(ARRIVES);
    await call.getByRole('button', { name: 'Approve call' }).click();

    const conversation = chat.getByRole('list', { name: 'Conversation' });
    await expect.poll(() => conversation.textContent(), ARRIVES).toContain('The app shows the time.');
    const toolTurn = conversation.getByRole('listitem', { name: /^Tool get-time/ });
    const app = toolTurn.getByRole('region', { name: /^App ui:\/\/get-time/ });
    await app.getByRole('status').getByText('Running').waitFor(ARRIVES);
    // The app got the call's result: it shows the time the server answered, which the turn shows too.
    const shownTime = app.frameLocator('iframe').locator('#server-time');
    await expect.poll(() => shownTime.textContent(), ARRIVES).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await toolTurn.textContent()).toContain((await shownTime.textContent())!);
    await app.scrollIntoViewIfNeeded();
    await harness.screenshot('chat-app-inline');

    // Closed (the app is torn down) and dismissed, it can be opened again from the turn.
    await app.getByRole('button', { name: 'Close app' }).click();
    await app.getByRole('button', { name: 'Dismiss app' }).click();
    await toolTurn.getByRole('button', { name: 'Open its app' }).click();
    await toolTurn.getByRole('region', { name: /^App ui:\/\/get-time/ }).getByRole('status').getByText('Running').waitFor(ARRIVES);
    expect(harness.pageErrors).toEqual([]);
  });
});
