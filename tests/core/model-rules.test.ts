import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Approval } from '../../shared/approvals.js';
import type { ModelProvider } from '../../shared/models.js';
import type { RpcOutcome } from '../../shared/mcp.js';
import { startModelProvider, type ModelProviderFixture } from '../fixtures/model-provider.mjs';
import { eventsNamed, startCore, waitFor, type TestCore } from './helpers.js';
import { addFixtureProvider, latestApproval } from './model-helpers.js';

/** Auto-reply rules that answer sampling with a model, against server-everything's sampling tool. */
describe('an auto-reply rule that answers with a model, within its token cap for the session', () => {
  let test: TestCore;
  let fixture: ModelProviderFixture;
  let provider: ModelProvider;
  let serverId: string;
  let calls = 0;

  beforeAll(async () => {
    fixture = await startModelProvider({ kind: 'openai' });
    fixture.script([{ reply: { text: 'Auto answer.' } }]);
    test = await startCore();
    provider = await addFixtureProvider(test, fixture, 'openai-compatible');
    serverId = (await test.core.handlers['servers.list']())[0]!.id;
    expect((await test.core.handlers['connections.connect']({ serverId })).status).toBe('connected');
    await waitFor(async () => (await test.core.handlers['tools.list']({ serverId })).items.find((tool) => tool.name === 'trigger-sampling-request'), 'the sampling tool');
  });
  afterAll(async () => {
    await test?.core.dispose();
    await fixture?.close();
  });

  function sample(): { outcome: Promise<RpcOutcome>; approval: Promise<Approval> } {
    const before = new Set(eventsNamed(test, 'approvals.changed').map((approval) => approval.id));
    const outcome = test.core.handlers['tools.call']({ serverId, name: 'trigger-sampling-request', arguments: { prompt: `Question ${++calls}`, maxTokens: 20 }, callId: `rule-${calls}` });
    const approval = waitFor(() => eventsNamed(test, 'approvals.changed').find((candidate) => !before.has(candidate.id)), 'the sampling approval');
    return { outcome, approval };
  }

  /** The approval once it is answered, or once the rule gave it to the person. */
  function settled(id: string): Promise<Approval> {
    return waitFor(() => {
      const latest = latestApproval(test, id);
      return latest && (latest.status !== 'pending' || latest.model?.status === 'failed') ? latest : undefined;
    }, 'the rule to answer or give up');
  }

  it('answers, marks the reply as the rule\'s, and stops at the cap (each reply\'s output capped at what is left), leaving the rest to the person', async () => {
    const rule = await test.core.handlers['sampling.rules.save']({ name: 'Model answers', enabled: true, templateId: '', answerWithModel: { tokenCapPerSession: 1_000 } });
    expect(rule.answerWithModel).toEqual({ tokenCapPerSession: 1_000 });

    const first = sample();
    const answered = await settled((await first.approval).id);
    expect(answered).toMatchObject({ status: 'approved', decidedBy: 'rule:Model answers', model: { status: 'drafted', by: 'rule:Model answers', model: { providerId: provider.id } } });
    expect(answered.response).toMatchObject({ content: { type: 'text', text: 'Auto answer.' }, model: 'fixture-model' });
    expect(JSON.stringify((await first.outcome).result)).toContain('Auto answer.');
    expect(fixture.calls.at(-1)).toMatchObject({ max_tokens: 20 });
    const spent = answered.model?.usage?.totalTokens ?? 0;
    expect(spent).toBeGreaterThan(5);
    // The window is told what the rule spent, and can ask.
    const afterFirst = { ruleId: rule.id, spentTokens: spent, reservedTokens: 0, heldBack: 0 };
    expect(await test.core.handlers['models.ruleSpending']()).toEqual([afterFirst]);
    expect(eventsNamed(test, 'models.ruleSpendingChanged').at(-1)).toEqual([afterFirst]);

    // Five tokens left: the next reply may write at most five.
    await test.core.handlers['sampling.rules.save']({ ...rule, answerWithModel: { tokenCapPerSession: spent + 5 } });
    const second = sample();
    expect(await settled((await second.approval).id)).toMatchObject({ status: 'approved', decidedBy: 'rule:Model answers' });
    await second.outcome;
    expect(fixture.calls.at(-1)).toMatchObject({ max_tokens: 5 });
    const sent = fixture.calls.length;

    const third = sample();
    const waiting = await settled((await third.approval).id);
    expect(waiting.status).toBe('pending');
    expect(waiting.model).toMatchObject({ status: 'failed', by: 'rule:Model answers' });
    expect(waiting.model?.failure).toBe(`The rule "Model answers" has spent its ${(spent + 5).toLocaleString('en-US')} tokens for this session, so this request waits for you.`);
    expect(fixture.calls).toHaveLength(sent);
    const [spend] = await test.core.handlers['models.ruleSpending']();
    expect(spend).toMatchObject({ ruleId: rule.id, reservedTokens: 0, heldBack: 1 });
    expect(spend!.spentTokens).toBeGreaterThanOrEqual(spent + 5);
    expect(eventsNamed(test, 'models.ruleSpendingChanged').at(-1)).toEqual([spend]);
    const byHand = { role: 'assistant', content: { type: 'text', text: 'By hand.' }, model: 'person' };
    await test.core.handlers['approvals.decide']({ id: waiting.id, decision: { action: 'approve', result: byHand } });
    expect(JSON.stringify((await third.outcome).result)).toContain('By hand.');
    await test.core.handlers['sampling.rules.remove']({ id: rule.id });
  });

  it('a rule whose model fails leaves the request to the person, with the sentence', async () => {
    const rule = await test.core.handlers['sampling.rules.save']({
      name: 'Broken model',
      enabled: true,
      templateId: '',
      answerWithModel: { model: { providerId: provider.id, modelId: 'no-such-model' }, tokenCapPerSession: 1_000 },
    });
    const call = sample();
    const waiting = await settled((await call.approval).id);
    expect(waiting.status).toBe('pending');
    expect(waiting.model?.failure).toMatch(/has no model "no-such-model" \(404/);
    await test.core.handlers['approvals.decide']({ id: waiting.id, decision: { action: 'reject', message: 'No.' } });
    await call.outcome;
    await test.core.handlers['sampling.rules.remove']({ id: rule.id });
  });

  it('a rule needs a cap of at least one token, and a template unless it answers with a model', async () => {
    await expect(test.core.handlers['sampling.rules.save']({ name: 'x', enabled: true, templateId: '', answerWithModel: { tokenCapPerSession: 0 } })).rejects.toThrow(
      'The rule\'s token cap per session must be a whole number of at least 1.',
    );
    await expect(test.core.handlers['sampling.rules.save']({ name: 'x', enabled: true, templateId: '' })).rejects.toThrow('The rule templateId must be non-empty text.');
  });
});
