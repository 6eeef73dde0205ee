/**
 * Issue 38: what a chat keeps from a provider is bounded, and a provider's text never carries the
 * key into the chat. A model's answer over MAX_TURN_TEXT_CHARS is kept up to it, with the count of
 * what was not kept; a saved file that holds more (an older version's) is cut when read; an error
 * body that echoes the Authorization header is redacted everywhere the chat keeps it.
 */
import { mkdtempSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TURN_TEXT_CHARS, type ChatAssistantTurn, type ChatConversation } from '../../shared/chat.js';
import type { ModelProvider } from '../../shared/models.js';
import { ChatStore } from '../../main/core/chat/chat-store.js';
import { startModelProvider, type ModelProviderFixture } from '../fixtures/model-provider.mjs';
import { plantSavedConversation } from '../fixtures/saved-chat.mjs';
import { startCore, type TestCore } from './helpers.js';
import { addFixtureProvider, chatEvents, chatFinished } from './model-helpers.js';

/** 64 K characters, streamed 20 times: 1,310,720 characters, past the cap. */
const PIECE = 'x'.repeat(64 * 1024 - 1) + '\n';
const PIECES = 20;
const STREAMED = PIECE.length * PIECES;

function assistantTurns(conversation: ChatConversation): ChatAssistantTurn[] {
  return conversation.turns.filter((turn): turn is ChatAssistantTurn => turn.type === 'assistant');
}

describe('what a chat keeps from a provider', () => {
  let test: TestCore;
  let fixture: ModelProviderFixture;
  let provider: ModelProvider;

  beforeAll(async () => {
    fixture = await startModelProvider({ kind: 'openai', apiKey: 'sk-echoed-secret-key-0123456789' });
    test = await startCore({ modelLimits: { responseTimeoutMs: 10_000, idleTimeoutMs: 10_000, maxResponseBytes: 16 * 1024 * 1024 } });
    provider = await addFixtureProvider(test, fixture, 'openai');
  });
  afterAll(async () => {
    await test?.core.dispose();
    await fixture?.close();
  });

  it('an answer over the cap is kept up to it, with how many characters were not kept; the saved file holds no more', async () => {
    expect(STREAMED).toBeGreaterThan(MAX_TURN_TEXT_CHARS);
    fixture.reset();
    fixture.queue({ text: PIECE, repeat: PIECES });
    const chat = await test.core.handlers['chat.create']({ model: { providerId: provider.id, modelId: 'fixture-model' } });
    await test.core.handlers['chat.send']({ conversationId: chat.id, text: 'Write a lot' });
    expect(await chatFinished(test, chat.id)).toMatchObject({ reason: 'answered' });

    const conversation = await test.core.handlers['chat.get']({ conversationId: chat.id });
    const answer = assistantTurns(conversation)[0]!;
    expect(answer.text.length).toBe(MAX_TURN_TEXT_CHARS);
    expect(answer.text).toBe(PIECE.repeat(PIECES).slice(0, MAX_TURN_TEXT_CHARS));
    expect(answer.textNotKept).toBe(STREAMED - MAX_TURN_TEXT_CHARS);
    // The window was sent no more than was kept.
    const streamed = chatEvents(test, chat.id).reduce((sum, event) => sum + (event.type === 'text-delta' ? event.text.length : 0), 0);
    expect(streamed).toBe(MAX_TURN_TEXT_CHARS);

    await test.core.handlers['chat.save']({ conversationId: chat.id });
    const saved = join(test.dataDir, 'chats', `${chat.id}.json`);
    expect((await stat(saved)).size).toBeLessThan(MAX_TURN_TEXT_CHARS + 64 * 1024);
  });

  it('a saved chat that already holds a 16 MB turn (an older version wrote it) is cut when read', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loupe-chat-caps-'));
    const id = '2b9a5f0e-4f3c-4d9a-9d55-0a1c2b3c4d5e';
    const model = { providerId: 'p', modelId: 'm' };
    const huge = 'y'.repeat(16 * 1024 * 1024);
    const old: ChatConversation = {
      id,
      title: 'Old and long',
      createdAt: 1,
      updatedAt: 2,
      settings: { model, serverIds: [], askBeforeToolCalls: true, stepLimit: 10 },
      turns: [
        { type: 'user', index: 0, at: 1, text: 'hello' },
        { type: 'assistant', index: 1, at: 1, step: 1, model, text: huge, toolCalls: [], usage: {}, durationMs: 1, finishReason: 'stop', trafficSeqs: [] },
      ],
      usage: {},
      status: 'idle',
      saved: true,
    };
    await plantSavedConversation(dataDir, old);
    const store = await ChatStore.open(dataDir, () => {});
    const loaded = await store.load(id);
    const answer = assistantTurns(loaded)[0]!;
    expect(answer.text).toBe(huge.slice(0, MAX_TURN_TEXT_CHARS));
    expect(answer.textNotKept).toBe(huge.length - MAX_TURN_TEXT_CHARS);
    expect(loaded.turns[0]).toEqual(old.turns[0]);
  });

  it('an error that echoes the Authorization header leaves the key out of the finish message, the turn, the export and the saved file', async () => {
    fixture.reset();
    fixture.queue({ status: 401, echoCredentials: true });
    const chat = await test.core.handlers['chat.create']({ model: { providerId: provider.id, modelId: 'fixture-model' } });
    await test.core.handlers['chat.save']({ conversationId: chat.id });
    const before = chatEvents(test, chat.id).length;
    await test.core.handlers['chat.send']({ conversationId: chat.id, text: 'hello' });
    const finished = await chatFinished(test, chat.id, before);
    // The provider did echo it: the sentence quotes the message, with the key redacted.
    expect(finished).toMatchObject({ reason: 'failed', message: expect.stringContaining('Invalid header Authorization: Bearer [redacted]') });

    const conversation = await test.core.handlers['chat.get']({ conversationId: chat.id });
    expect(assistantTurns(conversation)[0]?.failure).toContain('[redacted]');
    const exported = await test.core.handlers['chat.export']({ conversationId: chat.id });
    // The save after the run is written once the finished event is out.
    const file = join(test.dataDir, 'chats', `${chat.id}.json`);
    await expect.poll(async () => (await readFile(file, 'utf8')).includes('[redacted]')).toBe(true);
    const everything = [JSON.stringify(chatEvents(test, chat.id)), JSON.stringify(conversation), exported, ...(await Promise.all((await readdir(join(test.dataDir, 'chats'))).map((name) => readFile(join(test.dataDir, 'chats', name), 'utf8'))))];
    for (const text of everything) expect(text).not.toContain(fixture.apiKey);
  });
});
