import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelProvider, ModelProviderKind } from '../../shared/models.js';
import type { TrafficEntry } from '../../shared/traffic.js';
import { startModelProvider, type ModelProviderFixture } from '../fixtures/model-provider.mjs';
import { modernServerConfig } from '../fixtures/modern-server-config.js';
import { exportedText, startCore, waitFor, type TestCore } from './helpers.js';
import { addFixtureProvider, draftEnd, latestApproval, nextPendingSampling } from './model-helpers.js';

/** A 1×1 PNG. */
const IMAGE = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const LOOKUP_SCHEMA = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };
/** A 2025-11-25 sampling request with everything a model is given: an image, tools, and a tool round already made. */
const REQUEST = {
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'What is in this picture?' }, { type: 'image', data: IMAGE, mimeType: 'image/png' }] },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'use-1', name: 'lookup', input: { q: 'pixel' } }] },
    { role: 'user', content: [{ type: 'tool_result', toolUseId: 'use-1', content: [{ type: 'text', text: 'a single red pixel' }] }] },
  ],
  systemPrompt: 'Answer in one word.',
  maxTokens: 42,
  temperature: 0.3,
  stopSequences: ['STOP'],
  tools: [{ name: 'lookup', description: 'Looks a word up.', inputSchema: LOOKUP_SCHEMA }],
  toolChoice: { mode: 'auto' },
  modelPreferences: { hints: [{ name: 'gpt-4o' }, { name: 'Fixture-Model-Large' }], intelligencePriority: 0.9 },
};

/** What each API must receive for REQUEST, as its wire format has it. */
const EXPECTED_BODY = {
  openai: {
    model: 'fixture-model',
    max_tokens: 42,
    temperature: 0.3,
    stop: ['STOP'],
    stream: true,
    messages: [
      { role: 'system', content: 'Answer in one word.' },
      { role: 'user', content: [{ type: 'text', text: 'What is in this picture?' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${IMAGE}` } }] },
      { role: 'assistant', tool_calls: [{ id: 'use-1', type: 'function', function: { name: 'lookup', arguments: '{"q":"pixel"}' } }] },
      { role: 'tool', tool_call_id: 'use-1', content: 'a single red pixel' },
    ],
    tools: [{ type: 'function', function: { name: 'lookup', description: 'Looks a word up.', parameters: LOOKUP_SCHEMA } }],
    tool_choice: 'auto',
  },
  anthropic: {
    model: 'fixture-model',
    max_tokens: 42,
    temperature: 0.3,
    stop_sequences: ['STOP'],
    stream: true,
    system: [{ type: 'text', text: 'Answer in one word.' }],
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'What is in this picture?' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: IMAGE } }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'use-1', name: 'lookup', input: { q: 'pixel' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'use-1', content: [{ type: 'text', text: 'a single red pixel' }] }] },
    ],
    tools: [{ name: 'lookup', description: 'Looks a word up.', input_schema: LOOKUP_SCHEMA }],
    tool_choice: { type: 'auto' },
  },
};

const CASES: Array<{ label: string; api: 'openai' | 'anthropic'; kind: ModelProviderKind }> = [
  { label: 'OpenAI-compatible (Ollama, LM Studio, vLLM)', api: 'openai', kind: 'openai-compatible' },
  { label: 'OpenAI', api: 'openai', kind: 'openai' },
  { label: 'Anthropic', api: 'anthropic', kind: 'anthropic' },
];

describe.each(CASES)('Draft with model: $label', ({ api, kind }) => {
  let test: TestCore;
  let fixture: ModelProviderFixture;
  let provider: ModelProvider;
  const seen = new Set<string>();
  const servers: Record<'legacy' | 'modern', string> = { legacy: '', modern: '' };

  beforeAll(async () => {
    fixture = await startModelProvider({ kind: api, apiKey: `sk-${api}-secret-key-1234` });
    test = await startCore();
    provider = await addFixtureProvider(test, fixture, kind);
    for (const era of ['legacy', 'modern'] as const) {
      servers[era] = (await test.core.handlers['servers.add'](modernServerConfig(`fixture ${era}`, era))).id;
      expect((await test.core.handlers['connections.connect']({ serverId: servers[era] })).status).toBe('connected');
    }
  });
  afterAll(async () => {
    await test?.core.dispose();
    await fixture?.close();
  });

  it('sends the request as the API expects it: messages, image, tool round, system prompt, max tokens, temperature, stops, tools', async () => {
    fixture.reset();
    fixture.queue({ toolCalls: [{ name: 'lookup', arguments: { q: 'again' } }], text: 'Let me look.' });
    const call = test.core.handlers['tools.call']({ serverId: servers.legacy, name: 'sample', arguments: { request: REQUEST }, callId: `map-${kind}` });
    const approval = await nextPendingSampling(test, seen);
    expect(approval.embedded).toBeUndefined();

    // The person's rule for the hint picks the model, and the choice says why.
    await test.core.handlers['models.preferences.set']({ rules: [{ id: 'r1', hint: 'fixture-model', use: { providerId: provider.id, modelId: 'fixture-model' } }] });
    const choice = await test.core.handlers['models.choose']({ approvalId: approval.id });
    expect(choice.why).toBe(`The request's hint "Fixture-Model-Large" matches the rule for "fixture-model": fixture-model (Fixture (${kind})).`);
    const started = await test.core.handlers['models.draft']({ approvalId: approval.id });
    expect(started).toMatchObject({ model: { providerId: provider.id, modelId: 'fixture-model' }, why: choice.why });
    const end = await draftEnd(test, started.draftId);
    if (end.type !== 'done') throw new Error(`The draft did not finish: ${JSON.stringify(end)}`);

    expect(fixture.calls).toHaveLength(1);
    expect(fixture.calls[0]).toMatchObject(EXPECTED_BODY[api]);
    // The draft asks for a tool (sampling with tools): its result carries the text and a tool_use block.
    expect(end.result).toMatchObject({
      role: 'assistant',
      model: 'fixture-model',
      stopReason: 'toolUse',
      content: [{ type: 'text', text: 'Let me look.' }, { type: 'tool_use', name: 'lookup', input: { q: 'again' } }],
    });
    expect(end.usage.outputTokens).toBeGreaterThan(0);

    await test.core.handlers['approvals.decide']({ id: approval.id, decision: { action: 'approve', result: end.result } });
    const outcome = await call;
    expect(JSON.stringify(outcome.result)).toContain('Let me look.');
  });

  it('streams the text, and the record links the server\'s request, the model\'s HTTP exchange (key redacted) and the reply', async () => {
    fixture.reset();
    fixture.queue({ text: 'A red pixel, small and square.', pieces: 4 });
    const call = test.core.handlers['tools.call']({ serverId: servers.legacy, name: 'ask-llm', arguments: { question: 'Describe it' }, callId: `link-${kind}` });
    const approval = await nextPendingSampling(test, seen);
    const { draftId } = await test.core.handlers['models.draft']({ approvalId: approval.id });
    const end = await draftEnd(test, draftId);
    if (end.type !== 'done') throw new Error(JSON.stringify(end));
    const deltas = test.events.filter((event) => event.name === 'models.draft' && (event.payload as { draftId: string; type: string }).draftId === draftId && (event.payload as { type: string }).type === 'delta');
    expect(deltas.map((event) => (event.payload as { text: string }).text).join('')).toBe('A red pixel, small and square.');
    expect(end.result).toEqual({ role: 'assistant', content: { type: 'text', text: 'A red pixel, small and square.' }, model: 'fixture-model', stopReason: 'endTurn' });

    await test.core.handlers['approvals.decide']({ id: approval.id, decision: { action: 'approve', result: end.result } });
    expect(JSON.stringify((await call).result)).toContain('A red pixel, small and square.');

    const record = latestApproval(test, approval.id);
    expect(record?.model).toMatchObject({ status: 'drafted', by: 'user', model: { providerId: provider.id, modelId: 'fixture-model' }, modelName: 'fixture-model' });
    expect(record?.requestSeq).toBeGreaterThan(0);
    const [modelSeq] = record?.model?.trafficSeqs ?? [];
    const exchange = (await test.core.handlers['traffic.get']({ seq: modelSeq! })) as TrafficEntry;
    expect(exchange).toMatchObject({ kind: 'http', serverId: `model:${provider.id}`, model: { providerId: provider.id, purpose: 'draft', approvalId: approval.id, modelId: 'fixture-model' } });
    expect(exchange.http?.purpose).toBe('model');
    expect(exchange.http?.status).toBe(200);
    expect(exchange.http?.requestBody).toContain('Describe it');
    expect(exchange.http?.responseBody).toContain('and square.');
    const keyHeader = api === 'anthropic' ? 'x-api-key' : 'authorization';
    expect(exchange.http?.requestHeaders[keyHeader]).toMatch(/\[redacted\]$/);
    expect(JSON.stringify(exchange)).not.toContain(fixture.apiKey);
    expect(await exportedText(test.core)).not.toContain(fixture.apiKey);
    // The reply's response entry comes after the model's exchange: request, model, reply.
    const responseSeq = await waitFor(() => latestApproval(test, approval.id)?.responseSeq, 'the response to be recorded');
    expect(record!.requestSeq!).toBeLessThan(modelSeq!);
    expect(modelSeq!).toBeLessThan(responseSeq);
  });

  it('answers a 2026-07-28 input_required sampling round through the same drafting path', async () => {
    fixture.reset();
    fixture.queue({ text: 'Teal.' });
    const call = test.core.handlers['tools.call']({ serverId: servers.modern, name: 'ask-llm', arguments: { question: 'Name a colour' }, callId: `modern-${kind}` });
    const approval = await nextPendingSampling(test, seen);
    expect(approval.embedded).toMatchObject({ key: 'reply', round: 1 });
    const { draftId } = await test.core.handlers['models.draft']({ approvalId: approval.id });
    const end = await draftEnd(test, draftId);
    if (end.type !== 'done') throw new Error(JSON.stringify(end));
    expect(JSON.stringify(fixture.calls[0])).toContain('Name a colour');
    // The person edits the draft before approving it.
    const edited = { ...end.result, content: { type: 'text', text: 'Teal, edited.' } };
    await test.core.handlers['approvals.decide']({ id: approval.id, decision: { action: 'approve', result: edited } });
    const outcome = await call;
    expect(outcome.failure).toBeUndefined();
    expect(JSON.stringify(outcome.result)).toContain('The model said: Teal, edited.');
  });
});
