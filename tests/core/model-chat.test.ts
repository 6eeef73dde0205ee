import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolCallApproval } from '../../shared/approvals.js';
import type { ChatAssistantTurn, ChatConversation, ChatToolTurn, ChatTurn } from '../../shared/chat.js';
import type { ModelProvider } from '../../shared/models.js';
import { APP_NODE_COMMAND } from '../../shared/server-config.js';
import { startModelProvider, type FixtureRequestBody, type ModelProviderFixture } from '../fixtures/model-provider.mjs';
import { eventsNamed, startCore, waitFor, type TestCore } from './helpers.js';
import { addFixtureProvider, chatEvents, chatFinished } from './model-helpers.js';

const APP_SERVER = fileURLToPath(new URL('../fixtures/modern-app-server.mjs', import.meta.url));

const SUM_SCRIPT = [
  { when: { toolResult: true }, reply: { text: 'The sum is there.' } },
  { when: { lastUser: 'add' }, reply: { text: 'I will add them.', toolCalls: [{ name: 'get-sum', arguments: { a: 2, b: 3 } }] } },
];

function turnsOf<T extends ChatTurn['type']>(conversation: ChatConversation, type: T): Array<Extract<ChatTurn, { type: T }>> {
  return conversation.turns.filter((turn): turn is Extract<ChatTurn, { type: T }> => turn.type === type);
}

/** The tool messages (OpenAI's `role: tool`) of a request the fixture received. */
function toolMessages(body: FixtureRequestBody): string[] {
  return body.messages.filter((message) => message.role === 'tool').map((message) => String(message.content));
}

describe('the chat: a model uses server-everything\'s tools through Loupe, step by step', () => {
  let test: TestCore;
  let fixture: ModelProviderFixture;
  let anthropicFixture: ModelProviderFixture;
  let provider: ModelProvider;
  let anthropic: ModelProvider;
  let everything: string;
  const seenApprovals = new Set<string>();

  beforeAll(async () => {
    [fixture, anthropicFixture] = await Promise.all([startModelProvider({ kind: 'openai' }), startModelProvider({ kind: 'anthropic' })]);
    test = await startCore({ modelLimits: { responseTimeoutMs: 5_000, idleTimeoutMs: 5_000, maxResponseBytes: 1024 * 1024 } });
    provider = await addFixtureProvider(test, fixture, 'openai-compatible');
    anthropic = await addFixtureProvider(test, anthropicFixture, 'anthropic');
    everything = (await test.core.handlers['servers.list']())[0]!.id;
    expect((await test.core.handlers['connections.connect']({ serverId: everything })).status).toBe('connected');
  });
  afterAll(async () => {
    await test?.core.dispose();
    await fixture?.close();
    await anthropicFixture?.close();
  });

  function newChat(options: { askBeforeToolCalls?: boolean; stepLimit?: number; serverIds?: string[] } = {}): Promise<ChatConversation> {
    return test.core.handlers['chat.create']({ model: { providerId: provider.id, modelId: 'fixture-model' }, serverIds: [everything], ...options });
  }

  async function pendingToolCall(conversationId: string): Promise<ToolCallApproval> {
    const approval = await waitFor(
      () => eventsNamed(test, 'approvals.toolCallChanged').find((candidate) => candidate.conversationId === conversationId && candidate.status === 'pending' && !seenApprovals.has(candidate.id)),
      'a tool call waiting for the person',
    );
    seenApprovals.add(approval.id);
    return approval;
  }

  async function send(conversationId: string, text: string) {
    const before = chatEvents(test, conversationId).length;
    await test.core.handlers['chat.send']({ conversationId, text });
    return { finished: () => chatFinished(test, conversationId, before) };
  }

  it('asks before the tool call; approved, the call goes to the server as a normal tools/call, and the result back to the model', async () => {
    fixture.reset();
    fixture.script(SUM_SCRIPT);
    const chat = await newChat();
    expect(chat.settings.askBeforeToolCalls).toBe(true);
    const run = await send(chat.id, 'Please add 2 and 3');

    const approval = await pendingToolCall(chat.id);
    expect(approval).toMatchObject({ kind: 'tool-call', serverId: everything, tool: 'get-sum', arguments: { a: 2, b: 3 }, held: 'ask-before-call', validation: { valid: true } });
    expect((await test.core.handlers['chat.get']({ conversationId: chat.id })).status).toBe('waiting-for-approval');
    expect(await test.core.handlers['approvals.toolCalls.list']()).toContainEqual(approval);
    const decided = await test.core.handlers['approvals.toolCalls.decide']({ id: approval.id, decision: { action: 'approve' } });
    expect(decided).toMatchObject({ status: 'approved', sent: { a: 2, b: 3 } });

    expect(await run.finished()).toMatchObject({ reason: 'answered' });
    const conversation = await test.core.handlers['chat.get']({ conversationId: chat.id });
    expect(conversation.turns.map((turn) => turn.type)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    const [first, last] = turnsOf(conversation, 'assistant');
    expect(first).toMatchObject({ step: 1, text: 'I will add them.', toolCalls: [{ tool: 'get-sum', serverId: everything, arguments: { a: 2, b: 3 } }] });
    expect(last).toMatchObject({ step: 2, text: 'The sum is there.', modelName: 'fixture-model', finishReason: 'stop' });
    for (const step of [first!, last!]) {
      expect(step.durationMs).toBeGreaterThan(0);
      expect(step.usage.totalTokens).toBeGreaterThan(0);
      expect(step.trafficSeqs).toHaveLength(1);
    }
    expect(conversation.usage.totalTokens).toBe(first!.usage.totalTokens! + last!.usage.totalTokens!);

    const [tool] = turnsOf(conversation, 'tool');
    expect(tool).toMatchObject({ status: 'done', tool: 'get-sum', arguments: { a: 2, b: 3 }, approvalId: approval.id });
    expect(JSON.stringify(tool!.result)).toContain('5');
    // The call is a normal traffic entry on the server's connection; the model's exchanges are the model's.
    const request = await test.core.handlers['traffic.get']({ seq: tool!.requestSeq! });
    expect(request).toMatchObject({ serverId: everything, kind: 'request', method: 'tools/call', message: { params: { name: 'get-sum', arguments: { a: 2, b: 3 } } } });
    const exchange = await test.core.handlers['traffic.get']({ seq: last!.trafficSeqs[0]! });
    expect(exchange).toMatchObject({ kind: 'http', model: { purpose: 'chat', conversationId: chat.id, modelId: 'fixture-model' } });
    // The model was given the tool's result.
    expect(toolMessages(fixture.calls[1]!)).toEqual([expect.stringContaining('5')]);
    expect(fixture.calls[0]!.tools!.map((tool) => tool.function.name)).toContain('get-sum');
    // Text streamed as it came.
    expect(chatEvents(test, chat.id).filter((event) => event.type === 'text-delta' && event.step === 1).map((event) => (event as { text: string }).text).join('')).toBe('I will add them.');
  });

  it('edited arguments are checked against the schema and sent; the model gets that result', async () => {
    fixture.reset();
    fixture.script(SUM_SCRIPT);
    const chat = await newChat();
    const run = await send(chat.id, 'add please');
    const approval = await pendingToolCall(chat.id);
    await expect(test.core.handlers['approvals.toolCalls.decide']({ id: approval.id, decision: { action: 'approve', arguments: { a: 'ten' } } })).rejects.toThrow(
      /^The arguments break the tool's input schema: .*\/a must be number.*Fix them, or send anyway\.$/,
    );
    const decided = await test.core.handlers['approvals.toolCalls.decide']({ id: approval.id, decision: { action: 'approve', arguments: { a: 10, b: 20 } } });
    expect(decided).toMatchObject({ status: 'approved', edited: true, sent: { a: 10, b: 20 } });
    await run.finished();
    const [tool] = turnsOf(await test.core.handlers['chat.get']({ conversationId: chat.id }), 'tool');
    expect(tool).toMatchObject({ status: 'done', edited: true, arguments: { a: 10, b: 20 } });
    expect(toolMessages(fixture.calls[1]!)[0]).toContain('30');
    // The model is given the call that was made beside its result, not the one it proposed…
    const asked = fixture.calls[1]!.messages.find((message) => message.role === 'assistant') as { tool_calls?: Array<{ function: { arguments: string } }> } | undefined;
    expect(asked?.tool_calls?.map((call) => JSON.parse(call.function.arguments) as unknown)).toEqual([{ a: 10, b: 20 }]);
    // …while Loupe's transcript keeps what it proposed.
    const [step] = turnsOf(await test.core.handlers['chat.get']({ conversationId: chat.id }), 'assistant');
    expect(step!.toolCalls[0]!.arguments).toEqual({ a: 2, b: 3 });
  });

  it('a refused call is not sent; the model is told it was refused', async () => {
    fixture.reset();
    fixture.script(SUM_SCRIPT);
    const chat = await newChat();
    const calls = (await test.traffic(everything)).filter((entry) => entry.method === 'tools/call').length;
    const run = await send(chat.id, 'add these');
    const approval = await pendingToolCall(chat.id);
    await test.core.handlers['approvals.toolCalls.decide']({ id: approval.id, decision: { action: 'refuse', message: 'Not with those numbers.' } });
    expect(await run.finished()).toMatchObject({ reason: 'answered' });
    const [tool] = turnsOf(await test.core.handlers['chat.get']({ conversationId: chat.id }), 'tool');
    expect(tool).toMatchObject({ status: 'refused', failure: 'Not with those numbers.' });
    expect(toolMessages(fixture.calls[1]!)).toEqual(['Not with those numbers.']);
    expect((await test.traffic(everything)).filter((entry) => entry.method === 'tools/call')).toHaveLength(calls);
  });

  it('arguments that break the schema are held for the person even with asking off, and sent only if the person says so', async () => {
    fixture.reset();
    fixture.script([
      { when: { toolResult: true }, reply: { text: 'Done.' } },
      { reply: { toolCalls: [{ name: 'get-sum', arguments: { a: 'two', b: 3 } }] } },
    ]);
    const chat = await newChat({ askBeforeToolCalls: false });
    const run = await send(chat.id, 'sum it');
    const approval = await pendingToolCall(chat.id);
    expect(approval).toMatchObject({ held: 'invalid-arguments', arguments: { a: 'two', b: 3 }, validation: { valid: false } });
    expect(approval.validation?.errors[0]).toMatchObject({ path: '/a' });
    await expect(test.core.handlers['approvals.toolCalls.decide']({ id: approval.id, decision: { action: 'approve' } })).rejects.toThrow(/breaks? the tool's input schema/);
    await test.core.handlers['approvals.toolCalls.decide']({ id: approval.id, decision: { action: 'approve', sendInvalid: true } });
    await run.finished();
    const [tool] = turnsOf(await test.core.handlers['chat.get']({ conversationId: chat.id }), 'tool');
    // Sent as the model wrote it: the server's answer to bad arguments is what the person wanted to see.
    expect(tool).toMatchObject({ arguments: { a: 'two', b: 3 } });
    expect(tool!.requestSeq).toBeGreaterThan(0);
  });

  it('arguments that are not JSON are shown with a sentence and cannot be sent until edited', async () => {
    fixture.reset();
    fixture.script([
      { when: { toolResult: true }, reply: { text: 'Done.' } },
      { reply: { toolCalls: [{ name: 'get-sum', arguments: '{"a": 2, "b":' }] } },
    ]);
    const chat = await newChat({ askBeforeToolCalls: false });
    const run = await send(chat.id, 'sum it');
    const approval = await pendingToolCall(chat.id);
    expect(approval).toMatchObject({ held: 'invalid-arguments', arguments: '{"a": 2, "b":', argumentsProblem: 'The model\'s arguments are not valid JSON.' });
    await expect(test.core.handlers['approvals.toolCalls.decide']({ id: approval.id, decision: { action: 'approve', sendInvalid: true } })).rejects.toThrow(
      'The model\'s arguments are not valid JSON. Edit them into a JSON object to send the call.',
    );
    await test.core.handlers['approvals.toolCalls.decide']({ id: approval.id, decision: { action: 'approve', arguments: { a: 1, b: 1 } } });
    await run.finished();
    const [tool] = turnsOf(await test.core.handlers['chat.get']({ conversationId: chat.id }), 'tool');
    expect(tool).toMatchObject({ status: 'done', arguments: { a: 1, b: 1 }, edited: true });
  });

  it('a model that keeps calling tools stops at the step limit, with a sentence', async () => {
    fixture.reset();
    fixture.script([{ reply: { toolCalls: [{ name: 'echo', arguments: { message: 'again' } }] } }]);
    const chat = await newChat({ askBeforeToolCalls: false, stepLimit: 3 });
    const run = await send(chat.id, 'loop forever');
    const finished = await run.finished();
    expect(finished).toMatchObject({ reason: 'step-limit' });
    expect(finished.message).toBe('The model was still calling tools after 3 steps, the step limit, so Loupe stopped it there. Send a message to let it go on, or raise the step limit.');
    const conversation = await test.core.handlers['chat.get']({ conversationId: chat.id });
    expect(fixture.calls).toHaveLength(3);
    const tools = turnsOf(conversation, 'tool');
    expect(tools.map((turn) => turn.status)).toEqual(['done', 'done', 'not-sent']);
    expect(conversation.turns.at(-1)).toMatchObject({ type: 'notice', level: 'warning', text: finished.message });
  });

  it('provider failures end the run with one sentence: a wrong key, a rate limit, a stream cut mid-way', async () => {
    fixture.reset();
    const wrong = await addFixtureProvider(test, fixture, 'openai-compatible', 'wrong-key');
    const badKey = await test.core.handlers['chat.create']({ model: { providerId: wrong.id, modelId: 'fixture-model' } });
    const keyRun = await send(badKey.id, 'hello');
    expect(await keyRun.finished()).toMatchObject({ reason: 'failed', message: expect.stringMatching(/refused the key \(401/) });

    const chat = await newChat();
    fixture.queue({ status: 429, retryAfter: 2 });
    expect(await (await send(chat.id, 'hello')).finished()).toMatchObject({ reason: 'failed', message: expect.stringMatching(/limiting requests \(429\).*wait 2 s/) });
    fixture.queue({ text: 'Some words and then', pieces: 3, cut: true });
    expect(await (await send(chat.id, 'again')).finished()).toMatchObject({ reason: 'failed', message: expect.stringMatching(/closed in the middle of its answer/) });
    const conversation = await test.core.handlers['chat.get']({ conversationId: chat.id });
    const failed = turnsOf(conversation, 'assistant').at(-1) as ChatAssistantTurn;
    expect(failed.failure).toMatch(/closed in the middle/);
    expect(failed.text.length).toBeGreaterThan(0);
    expect(conversation.turns.at(-1)).toMatchObject({ type: 'notice', level: 'error' });
  });

  it('Stop ends a run that waits on the model, and withdraws a call waiting for the person', async () => {
    fixture.reset();
    const chat = await newChat();
    fixture.queue({ hang: true });
    const hanging = await send(chat.id, 'take your time');
    await waitFor(() => fixture.calls.length === 1 || undefined, 'the request to reach the provider');
    await test.core.handlers['chat.stop']({ conversationId: chat.id });
    expect(await hanging.finished()).toMatchObject({ reason: 'stopped' });

    fixture.script(SUM_SCRIPT);
    const waiting = await send(chat.id, 'add them');
    const approval = await pendingToolCall(chat.id);
    await test.core.handlers['chat.stop']({ conversationId: chat.id });
    expect(await waiting.finished()).toMatchObject({ reason: 'stopped' });
    expect(eventsNamed(test, 'approvals.toolCallChanged').filter((candidate) => candidate.id === approval.id).at(-1)).toMatchObject({ status: 'cancelled' });
    await expect(test.core.handlers['approvals.toolCalls.decide']({ id: approval.id, decision: { action: 'approve' } })).rejects.toThrow('The chat was stopped before this call was answered.');
    const [tool] = turnsOf(await test.core.handlers['chat.get']({ conversationId: chat.id }), 'tool');
    expect(tool).toMatchObject({ status: 'not-sent', failure: 'Not made: the chat was stopped.' });
  });

  it('a resource and a prompt added by hand reach the model, read through the server\'s connection', async () => {
    fixture.reset();
    const chat = await newChat();
    const resources = await test.core.handlers['resources.list']({ serverId: everything });
    const document = resources.items.find((resource) => resource.uri.startsWith('demo://resource/static/document/'))!;
    const resourceTurn = await test.core.handlers['chat.addContext']({ conversationId: chat.id, serverId: everything, source: { kind: 'resource', uri: document.uri } });
    expect(resourceTurn).toMatchObject({ type: 'context', serverId: everything, source: { kind: 'resource', uri: document.uri } });
    expect(await test.core.handlers['traffic.get']({ seq: (resourceTurn as { requestSeq: number }).requestSeq })).toMatchObject({ method: 'resources/read' });
    await test.core.handlers['chat.addContext']({ conversationId: chat.id, serverId: everything, source: { kind: 'prompt', name: 'simple-prompt', arguments: {} } });
    await (await send(chat.id, 'What does this say?')).finished();
    const sent = JSON.stringify(fixture.calls[0]!.messages);
    expect(sent).toContain(`the resource ${document.uri}`);
    expect(sent).toContain('the prompt \\"simple-prompt\\"');
    expect(sent).toContain('What does this say?');
    // Context first does not keep the conversation from being titled after the person's first message.
    expect((await test.core.handlers['chat.get']({ conversationId: chat.id })).title).toBe('What does this say?');
    await expect(test.core.handlers['chat.addContext']({ conversationId: chat.id, serverId: everything, source: { kind: 'resource', uri: 'demo://nothing/here' } })).rejects.toThrow(
      /^Could not add the resource demo:\/\/nothing\/here to the context: /,
    );
  });

  it('saves, lists, exports as JSON, and starts again from any turn', async () => {
    fixture.reset();
    fixture.script([{ reply: { text: 'First answer.' } }]);
    const chat = await newChat();
    await (await send(chat.id, 'Question one')).finished();
    fixture.script([{ reply: { text: 'Second answer.' } }]);
    await (await send(chat.id, 'Question two')).finished();

    const summary = await test.core.handlers['chat.save']({ conversationId: chat.id });
    expect(summary).toMatchObject({ id: chat.id, saved: true, turns: 4, title: 'Question one' });
    expect((await test.core.handlers['chat.list']()).find((item) => item.id === chat.id)).toMatchObject({ saved: true });
    const exported = JSON.parse(await test.core.handlers['chat.export']({ conversationId: chat.id })) as { format: string; conversation: ChatConversation };
    expect(exported.format).toBe('mcp-loupe-chat');
    expect(exported.conversation.turns.map((turn) => turn.type)).toEqual(['user', 'assistant', 'user', 'assistant']);

    // Again from the second question, asked differently.
    fixture.script([{ reply: { text: 'Another second answer.' } }]);
    const again = await test.core.handlers['chat.restart']({ conversationId: chat.id, turnIndex: 2, text: 'Question two, rephrased' });
    expect(again.restartedFrom).toEqual({ conversationId: chat.id, turnIndex: 2 });
    await chatFinished(test, again.id);
    const restarted = await test.core.handlers['chat.get']({ conversationId: again.id });
    expect(restarted.turns.map((turn) => (turn.type === 'user' || turn.type === 'assistant' ? turn.text : turn.type))).toEqual([
      'Question one',
      'First answer.',
      'Question two, rephrased',
      'Another second answer.',
    ]);
    // The model was given the history up to that turn, then the new question.
    expect(JSON.stringify(fixture.calls.at(-1)!.messages)).toContain('First answer.');
    expect(JSON.stringify(fixture.calls.at(-1)!.messages)).not.toContain('Second answer.');

    await test.core.handlers['chat.remove']({ conversationId: chat.id });
    expect((await test.core.handlers['chat.list']()).some((item) => item.id === chat.id)).toBe(false);
    await expect(test.core.handlers['chat.get']({ conversationId: chat.id })).rejects.toThrow(/There is no conversation/);
  });

  it('Compare runs the same message against two models side by side, each with its own tool calls', async () => {
    fixture.reset();
    anthropicFixture.reset();
    fixture.script([{ when: { toolResult: true }, reply: { text: 'OpenAI-style done.' } }, { reply: { toolCalls: [{ name: 'get-sum', arguments: { a: 1, b: 2 } }] } }]);
    anthropicFixture.script([{ when: { toolResult: true }, reply: { text: 'Anthropic-style done.' } }, { reply: { toolCalls: [{ name: 'echo', arguments: { message: 'hi' } }] } }]);
    const [left, right] = await test.core.handlers['chat.compare']({
      models: [
        { providerId: provider.id, modelId: 'fixture-model' },
        { providerId: anthropic.id, modelId: 'fixture-model' },
      ],
      text: 'Use a tool',
      serverIds: [everything],
      askBeforeToolCalls: false,
    });
    expect(left!.compareId).toBeDefined();
    expect(right!.compareId).toBe(left!.compareId);
    await Promise.all([chatFinished(test, left!.id), chatFinished(test, right!.id)]);
    const [a, b] = await Promise.all([left!, right!].map((conversation) => test.core.handlers['chat.get']({ conversationId: conversation.id })));
    expect(turnsOf(a!, 'tool').map((turn) => turn.tool)).toEqual(['get-sum']);
    expect(turnsOf(b!, 'tool').map((turn) => turn.tool)).toEqual(['echo']);
    expect(turnsOf(a!, 'assistant').at(-1)?.text).toBe('OpenAI-style done.');
    expect(turnsOf(b!, 'assistant').at(-1)?.text).toBe('Anthropic-style done.');
    // Anthropic got the tool result as a tool_result block.
    expect(JSON.stringify(anthropicFixture.calls[1]!.messages)).toContain('"type":"tool_result"');
  });

  it('a tool result that has an MCP App is marked for the window to render inline; app-only tools are not offered', async () => {
    const appServer = (await test.core.handlers['servers.add']({ name: 'apps', transport: { type: 'stdio', command: APP_NODE_COMMAND, args: [APP_SERVER], env: [] } })).id;
    expect((await test.core.handlers['connections.connect']({ serverId: appServer })).status).toBe('connected');
    fixture.reset();
    fixture.script([{ when: { toolResult: true }, reply: { text: 'Here is the counter.' } }, { reply: { toolCalls: [{ name: 'counter-app', arguments: {} }] } }]);
    const chat = await newChat({ serverIds: [appServer], askBeforeToolCalls: false });
    await (await send(chat.id, 'show the counter')).finished();
    const offered = fixture.calls[0]!.tools!.map((tool) => tool.function.name);
    expect(offered).toEqual(['counter-app']);
    const [tool] = turnsOf(await test.core.handlers['chat.get']({ conversationId: chat.id }), 'tool') as ChatToolTurn[];
    expect(tool).toMatchObject({ status: 'done', tool: 'counter-app', app: { resourceUri: 'ui://counter/app.html' } });
  });

  it('several servers: tools are named by server for the model and reach the right one; a server that is not connected is named', async () => {
    const second = (await test.core.handlers['servers.add']({ name: 'Everything two', transport: (await test.core.handlers['servers.list']())[0]!.transport })).id;
    fixture.reset();
    fixture.script([{ reply: { text: 'ok' } }]);
    const chat = await newChat({ serverIds: [everything, second] });
    const run = await send(chat.id, 'hi');
    expect(await run.finished()).toMatchObject({ reason: 'failed', message: 'The server "Everything two" is not connected: connect it, or leave it out of the chat.' });
    expect((await test.core.handlers['connections.connect']({ serverId: second })).status).toBe('connected');
    fixture.script([{ when: { toolResult: true }, reply: { text: 'ok' } }, { reply: { toolCalls: [{ name: 'Everything_two__echo', arguments: { message: 'to the second' } }] } }]);
    await test.core.handlers['chat.update']({ conversationId: chat.id, askBeforeToolCalls: false });
    await (await send(chat.id, 'hi again')).finished();
    const [tool] = turnsOf(await test.core.handlers['chat.get']({ conversationId: chat.id }), 'tool');
    expect(tool).toMatchObject({ status: 'done', serverId: second, tool: 'echo' });
    expect(await test.core.handlers['traffic.get']({ seq: tool!.requestSeq! })).toMatchObject({ serverId: second, method: 'tools/call' });
    const names = fixture.calls[0]!.tools!.map((tool) => tool.function.name);
    expect(names).toContain('Everything_two__get-sum');
    expect(names.some((name) => name.endsWith('__get-sum') && name !== 'Everything_two__get-sum')).toBe(true);
    expect(names.every((name) => /^[A-Za-z0-9_-]{1,64}$/.test(name))).toBe(true);
  });
});
