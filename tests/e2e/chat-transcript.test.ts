import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { ChatConversation } from '../../shared/chat.js';
import { startModelProvider, type ModelProviderFixture } from '../fixtures/model-provider.mjs';
import { plantSavedConversation } from '../fixtures/saved-chat.mjs';
import { EVERYTHING_2026, everythingServer, invokeViaSecondBridge, plantServers, selectServer } from './approvals-helpers.js';
import { startHarness, type Harness } from './harness.js';

const SERVER = 'Everything 2026';
const TITLE = 'A long result';
/** 20,000 characters of a tool's answer, its end marked so a test can tell whether it is shown. */
const LONG_RESULT = `${'row of a long listing\n'.repeat(900)}THE LAST LINE`.padEnd(20_000, '.');

/** A saved conversation, as Loupe writes one: a question, the model calling echo, and echo's long result. */
function savedConversation(): ChatConversation {
  const model = { providerId: 'saved-provider', modelId: 'fixture-model' };
  const at = Date.now();
  return {
    id: randomUUID(),
    title: TITLE,
    createdAt: at,
    updatedAt: at,
    settings: { model, serverIds: ['everything-2026'], askBeforeToolCalls: true, stepLimit: 10 },
    turns: [
      { type: 'user', index: 0, at, text: 'Echo something long' },
      {
        type: 'assistant',
        index: 1,
        at,
        step: 1,
        model,
        text: '',
        toolCalls: [{ toolCallId: 'call-1', serverId: 'everything-2026', tool: 'echo', modelToolName: 'echo', arguments: { message: 'long' } }],
        usage: {},
        durationMs: 10,
        finishReason: 'tool-calls',
        trafficSeqs: [],
      },
      { type: 'tool', index: 2, at, toolCallId: 'call-1', serverId: 'everything-2026', tool: 'echo', arguments: { message: 'long' }, status: 'done', result: { content: [{ type: 'text', text: LONG_RESULT }] } },
    ],
    usage: {},
    status: 'idle',
    saved: true,
  };
}

function chatRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Chat' });
}

describe('the chat transcript', () => {
  let harness: Harness;
  let fixture: ModelProviderFixture;

  beforeAll(async () => {
    fixture = await startModelProvider({ kind: 'openai' });
    const plantServer = plantServers([everythingServer('everything-2026', SERVER, EVERYTHING_2026)]);
    const conversation = savedConversation();
    harness = await startHarness({
      viewport: { width: 1366, height: 768 },
      prepareDataDir: async (dataDir) => {
        await plantServer(dataDir);
        await plantSavedConversation(dataDir, conversation);
      },
    });
    const page = harness.page;
    await invokeViaSecondBridge(page, 'models.providers.add', { kind: 'openai-compatible', name: 'Local fixture', baseUrl: fixture.url, apiKey: fixture.apiKey, defaultModel: 'fixture-model' });
    await selectServer(page, SERVER);
    await page.getByRole('tab', { name: 'Chat' }).click();
  });

  afterAll(async () => {
    await harness?.close();
    await fixture?.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await harness.screenshot(`debug-chat-transcript-${context.task.name.slice(0, 24)}`);
  });

  test('a long tool result is shown shortened, with Show all for the whole of it and Show less to shorten it again', async () => {
    const page = harness.page;
    await chatRegion(page).getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: `Open ${TITLE}` }).click();
    const tool = chatRegion(page).getByRole('list', { name: 'Conversation' }).getByRole('listitem', { name: 'Tool echo, turn 3' });
    await tool.waitFor();
    const shortened = (await tool.textContent()) ?? '';
    expect(shortened).toContain(LONG_RESULT.slice(0, 2_000));
    expect(shortened).not.toContain('THE LAST LINE');

    const showAll = tool.getByRole('button', { name: 'Show all of the result (20,000 characters)' });
    expect(await showAll.getAttribute('aria-expanded')).toBe('false');
    await showAll.click();
    await expect.poll(() => tool.textContent()).toContain(LONG_RESULT);
    await harness.screenshot('chat-transcript-show-all');

    const showLess = tool.getByRole('button', { name: 'Show less of the result' });
    expect(await showLess.getAttribute('aria-expanded')).toBe('true');
    await showLess.click();
    await expect.poll(() => tool.textContent()).not.toContain('THE LAST LINE');
  });
});
