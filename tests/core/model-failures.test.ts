import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelProvider, ModelRef } from '../../shared/models.js';
import { startModelProvider, type FixtureReply, type ModelProviderFixture } from '../fixtures/model-provider.mjs';
import { modernServerConfig } from '../fixtures/modern-server-config.js';
import { freePort, startCore, type TestCore } from './helpers.js';
import { addFixtureProvider, draftEnd, latestApproval, nextPendingSampling } from './model-helpers.js';

const HAND_WRITTEN = { role: 'assistant', content: { type: 'text', text: 'Written by hand.' }, model: 'person' };

describe.each([
  { label: 'OpenAI-compatible', api: 'openai' as const, kind: 'openai-compatible' as const },
  { label: 'Anthropic', api: 'anthropic' as const, kind: 'anthropic' as const },
])('Draft with model fails with one sentence, and the reply can still be written by hand: $label', ({ api, kind }) => {
  let test: TestCore;
  let fixture: ModelProviderFixture;
  let provider: ModelProvider;
  let serverId: string;
  const seen = new Set<string>();
  let calls = 0;

  beforeAll(async () => {
    fixture = await startModelProvider({ kind: api });
    test = await startCore({ modelLimits: { responseTimeoutMs: 1_000, idleTimeoutMs: 800, maxResponseBytes: 64 * 1024 } });
    provider = await addFixtureProvider(test, fixture, kind);
    serverId = (await test.core.handlers['servers.add'](modernServerConfig('fixture', 'legacy'))).id;
    expect((await test.core.handlers['connections.connect']({ serverId })).status).toBe('connected');
  });
  afterAll(async () => {
    await test?.core.dispose();
    await fixture?.close();
  });

  /** Drafts one sampling request with the fixture failing as told; checks the sentence, then answers by hand. */
  async function failedDraft(reply: FixtureReply | undefined, model?: ModelRef): Promise<{ message: string; partialText: string }> {
    if (reply) fixture.queue(reply);
    const call = test.core.handlers['tools.call']({ serverId, name: 'ask-llm', arguments: { question: 'Say something' }, callId: `fail-${kind}-${++calls}` });
    const approval = await nextPendingSampling(test, seen);
    const { draftId } = await test.core.handlers['models.draft']({ approvalId: approval.id, ...(model ? { model } : {}) });
    const end = await draftEnd(test, draftId);
    if (end.type !== 'failed') throw new Error(`Expected a failure, got ${JSON.stringify(end)}`);
    const record = latestApproval(test, approval.id);
    expect(record).toMatchObject({ status: 'pending', model: { status: 'failed', failure: end.message } });
    await test.core.handlers['approvals.decide']({ id: approval.id, decision: { action: 'approve', result: HAND_WRITTEN } });
    expect(JSON.stringify((await call).result)).toContain('Written by hand.');
    return { message: end.message, partialText: end.partialText };
  }

  it('a wrong key', async () => {
    const wrong = await addFixtureProvider(test, fixture, kind, 'wrong-key');
    const { message } = await failedDraft(undefined, { providerId: wrong.id, modelId: 'fixture-model' });
    expect(message).toMatch(new RegExp(`^Fixture \\(${kind}\\) refused the key \\(401.*\\)`));
    expect(message).toContain('Check the key in Models settings.');
    expect(message).not.toContain('wrong-key');
  });

  it('a model that does not exist', async () => {
    const { message } = await failedDraft(undefined, { providerId: provider.id, modelId: 'no-such-model' });
    expect(message).toMatch(/has no model "no-such-model" \(404/);
  });

  it('a rate limit (429 with retry-after)', async () => {
    const { message } = await failedDraft({ status: 429, retryAfter: 7 });
    expect(message).toMatch(/is limiting requests \(429\).*; it asks to wait 7 s before trying again\.$/);
  });

  it('a failure on the provider\'s side (500)', async () => {
    expect((await failedDraft({ status: 500 })).message).toMatch(/failed on its side \(500/);
  });

  it('a stream cut mid-way keeps what arrived', async () => {
    const { message, partialText } = await failedDraft({ text: 'The first words and then nothing', pieces: 3, cut: true });
    expect(message).toMatch(/closed in the middle of its answer; what arrived before is kept\./);
    expect(partialText.length).toBeGreaterThan(0);
    expect('The first words and then nothing'.startsWith(partialText)).toBe(true);
  });

  it('a stream that ends without saying it is finished', async () => {
    expect((await failedDraft({ text: 'Half an answer', endEarly: true })).message).toMatch(/answer ended before it said it was finished/);
  });

  it('a provider that never answers (timeout)', async () => {
    expect((await failedDraft({ hang: true })).message).toMatch(/did not answer within 1 s, so Loupe stopped waiting\./);
  });

  it('a stream that goes quiet mid-way (idle timeout)', async () => {
    expect((await failedDraft({ text: 'Thinking about it', stall: true })).message).toMatch(/sent nothing more for 800 ms in the middle of its answer/);
  });

  it('an answer larger than the limit', async () => {
    expect((await failedDraft({ text: 'word '.repeat(40_000), pieces: 40 })).message).toMatch(/'s answer passed 64 KB, so Loupe stopped reading it\.$/);
  });

  it('a provider that is not running', async () => {
    const port = await freePort();
    const gone = await test.core.handlers['models.providers.add']({ name: 'Gone', kind, baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'k' });
    const { message } = await failedDraft(undefined, { providerId: gone.id, modelId: 'fixture-model' });
    expect(message).toBe(`Could not reach Gone at http://127.0.0.1:${port}/v1: the connection was refused (is it running?).`);
  });

  it('the connection test says the same in one sentence', async () => {
    const wrong = await addFixtureProvider(test, fixture, kind, 'another-wrong-key');
    const result = await test.core.handlers['models.test']({ providerId: wrong.id });
    expect(result).toMatchObject({ ok: false });
    expect(result.message).toMatch(/refused the key \(401/);
    const good = await test.core.handlers['models.test']({ providerId: provider.id });
    expect(good).toMatchObject({ ok: true, models: 1, message: `Connected to Fixture (${kind}): it lists 1 model (fixture-model).` });
  });
});
