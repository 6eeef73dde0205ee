/**
 * Issue 38, finding 4: a provider's 16 MB answer froze the page when the chat was opened. A turn
 * keeps MAX_TURN_TEXT_CHARS of text and says how much more there was; the window shows a long text
 * in the document view's row window, so the page holds the rows on screen, not the answer; and a
 * saved chat that already holds a 16 MB turn (written by an older version) opens cut the same way.
 * The checks are sizes (characters in the page), not times; long tasks are logged for the record.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { MAX_TURN_TEXT_CHARS, type ChatConversation } from '../../shared/chat.js';
import { startModelProvider, type ModelProviderFixture } from '../fixtures/model-provider.mjs';
import { plantSavedConversation } from '../fixtures/saved-chat.mjs';
import { EVERYTHING_2026, everythingServer, invokeViaSecondBridge, plantServers, selectServer } from './approvals-helpers.js';
import { startHarness, type Harness } from './harness.js';

const SERVER = 'Everything 2026';
const PROVIDER = 'Local fixture';
const SAVED_TITLE = 'An old, very long answer';
/** 64 K characters a piece; 240 pieces are 15.7 M characters, streamed within the provider's 16 MB. */
const PIECE = `${'x'.repeat(64 * 1024 - 1)}\n`;
const PIECES = 240;
/** 16 MB of text in one turn, as an older version saved it. */
const HUGE = 'y'.repeat(16 * 1024 * 1024);
/** The page may hold the rows on screen and the rest of the app; far less than one turn's kept text. */
const PAGE_TEXT_LIMIT = 200_000;
const ARRIVES = { timeout: 30_000 };

function savedConversation(): ChatConversation {
  const model = { providerId: 'saved-provider', modelId: 'fixture-model' };
  const at = Date.now();
  return {
    id: randomUUID(),
    title: SAVED_TITLE,
    createdAt: at,
    updatedAt: at,
    settings: { model, serverIds: [], askBeforeToolCalls: true, stepLimit: 10 },
    turns: [
      { type: 'user', index: 0, at, text: 'Write all you can' },
      { type: 'assistant', index: 1, at, step: 1, model, text: HUGE, toolCalls: [], usage: {}, durationMs: 10, finishReason: 'stop', trafficSeqs: [] },
    ],
    usage: {},
    status: 'idle',
    saved: true,
  };
}

function chatRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Chat' });
}

function answerTurn(page: Page): Locator {
  return chatRegion(page).getByRole('list', { name: 'Conversation' }).getByRole('listitem', { name: 'Model, step 1, turn 2' });
}

/** Characters of text in the page's body (every text node, shown or not). */
function pageTextLength(page: Page): Promise<number> {
  return page.evaluate(() => {
    let total = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) total += node.textContent?.length ?? 0;
    return total;
  });
}

describe('a very long model answer in the chat', () => {
  let harness: Harness;
  let fixture: ModelProviderFixture;

  beforeAll(async () => {
    fixture = await startModelProvider({ kind: 'openai' });
    const plantServer = plantServers([everythingServer('everything-2026', SERVER, EVERYTHING_2026)]);
    harness = await startHarness({
      viewport: { width: 1366, height: 768 },
      prepareDataDir: async (dataDir) => {
        await plantServer(dataDir);
        await plantSavedConversation(dataDir, savedConversation());
      },
    });
    const page = harness.page;
    await invokeViaSecondBridge(page, 'models.providers.add', { kind: 'openai-compatible', name: PROVIDER, baseUrl: fixture.url, apiKey: fixture.apiKey, defaultModel: 'fixture-model' });
    await selectServer(page, SERVER);
    await page.getByRole('tab', { name: 'Chat' }).click();
    await chatRegion(page).getByRole('combobox', { name: 'Model' }).selectOption({ label: `fixture-model · ${PROVIDER}` });
  });

  afterAll(async () => {
    await harness?.close();
    await fixture?.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await harness.screenshot(`debug-chat-long-${context.task.name.slice(0, 24)}`);
  });

  test('a 15.7 MB streamed answer: the turn shows its beginning in a row window and says how much was not kept', async () => {
    const page = harness.page;
    fixture.queue({ text: PIECE, repeat: PIECES });
    const chat = chatRegion(page);
    await chat.getByRole('textbox', { name: 'Message' }).fill('Write a lot');
    await chat.getByRole('button', { name: 'Send' }).click();
    const answer = answerTurn(page);
    const notKept = (PIECE.length * PIECES - MAX_TURN_TEXT_CHARS).toLocaleString('en-US');
    await answer.getByRole('note').filter({ hasText: `${notKept} characters more were not kept` }).waitFor(ARRIVES);
    // The beginning, in the windowed view of the text.
    const text = answer.getByRole('document', { name: "The model's answer, turn 2" });
    await expect.poll(async () => (await text.textContent()) ?? '', ARRIVES).toContain('x'.repeat(200));
    expect(await pageTextLength(page)).toBeLessThan(PAGE_TEXT_LIMIT);
    await harness.screenshot('chat-long-answer');
  });

  test('a saved chat that holds a 16 MB turn opens with the turn cut and its note, the page holding only what is on screen', async () => {
    const page = harness.page;
    // Long tasks while it opens, observed in the page for the record (the checks below are sizes).
    await page.evaluate(() => {
      const scope = globalThis as unknown as { loupeLongTasks?: number[] };
      scope.loupeLongTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) scope.loupeLongTasks!.push(Math.round(entry.duration));
      }).observe({ type: 'longtask' });
    });
    await chatRegion(page).getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: `Open ${SAVED_TITLE}` }).click();
    const answer = answerTurn(page);
    const notKept = (HUGE.length - MAX_TURN_TEXT_CHARS).toLocaleString('en-US');
    await answer.getByRole('note').filter({ hasText: `${notKept} characters more were not kept` }).waitFor(ARRIVES);
    const text = answer.getByRole('document', { name: "The model's answer, turn 2" });
    await expect.poll(async () => (await text.textContent()) ?? '', ARRIVES).toContain('y'.repeat(200));
    expect(await pageTextLength(page)).toBeLessThan(PAGE_TEXT_LIMIT);
    const longTasks = await page.evaluate(() => (globalThis as unknown as { loupeLongTasks: number[] }).loupeLongTasks);
    console.log(`Long tasks while the saved chat opened (ms): ${JSON.stringify(longTasks)}; characters in the page: ${await pageTextLength(page)}`);
  });
});
