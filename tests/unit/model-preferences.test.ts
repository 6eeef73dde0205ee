import { describe, expect, it } from 'vitest';
import { NO_PROVIDER_SENTENCE, type ModelPreferences } from '../../shared/models.js';
import { chooseModel } from '../../main/core/models/model-preferences.js';
import { parsePreferences } from '../../main/core/models/provider-settings.js';
import type { StoredProvider } from '../../main/core/models/provider-settings.js';

const anthropic: StoredProvider = { id: 'a', name: 'Anthropic', kind: 'anthropic', defaultModel: 'claude-haiku' };
const ollama: StoredProvider = { id: 'o', name: 'Ollama', kind: 'openai-compatible', baseUrl: 'http://localhost:11434/v1' };
const providers = [ollama, anthropic];

const rules: ModelPreferences = {
  rules: [
    { id: '1', hint: 'sonnet', use: { providerId: 'a', modelId: 'claude-sonnet-4-5' } },
    { id: '2', hint: 'claude', use: { providerId: 'a', modelId: 'claude-haiku-4-5' } },
    { id: '3', hint: 'llama', use: { providerId: 'o', modelId: 'llama3.2' } },
    { id: '4', priority: { name: 'intelligence', atLeast: 0.8 }, use: { providerId: 'a', modelId: 'claude-opus-4-1' } },
    { id: '5', priority: { name: 'speed', atLeast: 0.5 }, use: { providerId: 'o', modelId: 'llama3.2:1b' } },
    { id: '6', hint: 'gone', use: { providerId: 'removed', modelId: 'x' } },
  ],
  defaultModel: { providerId: 'o', modelId: 'qwen2.5' },
};

const hints = (...names: string[]) => ({ hints: names.map((name) => ({ name })) });

describe('modelPreferences → model', () => {
  it('tries the request\'s hints in its order, each against the rules in order, by containment, any case', () => {
    expect(chooseModel(hints('Claude-3-5-SONNET-20241022'), rules, providers)).toEqual({
      model: { providerId: 'a', modelId: 'claude-sonnet-4-5' },
      why: 'The request\'s hint "Claude-3-5-SONNET-20241022" matches the rule for "sonnet": claude-sonnet-4-5 (Anthropic).',
    });
    // The first hint that matches any rule wins, even if a later hint matches an earlier rule.
    expect(chooseModel(hints('gpt-4o', 'llama-3.1-70b', 'sonnet'), rules, providers).model).toEqual({ providerId: 'o', modelId: 'llama3.2' });
    expect(chooseModel(hints('claude-3-haiku'), rules, providers).model.modelId).toBe('claude-haiku-4-5');
  });

  it('falls to the priority rules when no hint matches, then to the default model, then to a provider\'s own default', () => {
    expect(chooseModel({ ...hints('gpt-4o'), intelligencePriority: 0.9, speedPriority: 0.9 }, rules, providers)).toEqual({
      model: { providerId: 'a', modelId: 'claude-opus-4-1' },
      why: 'The request\'s intelligencePriority 0.9 is at least 0.8, so the rule picks claude-opus-4-1 (Anthropic).',
    });
    expect(chooseModel({ speedPriority: 0.5 }, rules, providers).model.modelId).toBe('llama3.2:1b');
    expect(chooseModel({ speedPriority: 0.49 }, rules, providers)).toEqual({
      model: { providerId: 'o', modelId: 'qwen2.5' },
      why: 'The request gives no hints, so the default model: qwen2.5 (Ollama).',
    });
    expect(chooseModel(hints('mistral'), { rules: [] }, providers)).toEqual({
      model: { providerId: 'a', modelId: 'claude-haiku' },
      why: 'No rule matches the request\'s hints and no default model is set, so Anthropic\'s own default: claude-haiku.',
    });
  });

  it('passes over rules whose provider was removed', () => {
    expect(chooseModel(hints('gone-model'), rules, providers).model).toEqual({ providerId: 'o', modelId: 'qwen2.5' });
  });

  it('says in one sentence when nothing can be chosen', () => {
    expect(() => chooseModel(hints('x'), rules, [])).toThrow(NO_PROVIDER_SENTENCE);
    expect(() => chooseModel(undefined, { rules: [] }, [ollama])).toThrow(
      'The request gives no hints, and no default model is set: choose a model, or set a default in Models settings.',
    );
  });

  it('ignores what a server sends that is not a hint (bounded, and only names)', () => {
    const junk = { hints: [null, 42, { name: 7 }, { name: '' }, ...Array.from({ length: 60 }, () => ({ name: 'nothing' })), { name: 'sonnet' }] };
    expect(chooseModel(junk, rules, providers).model).toEqual({ providerId: 'o', modelId: 'qwen2.5' });
  });
});

describe('the rules as the person edits them', () => {
  it('needs a hint or a priority, a threshold from 0 to 1, and a model, each with a sentence naming the rule', () => {
    expect(() => parsePreferences({ rules: [{ use: { providerId: 'a', modelId: 'm' } }] })).toThrow('Rule 1 must have either a hint or a priority (one of them).');
    expect(() => parsePreferences({ rules: [{ hint: 'x', use: { providerId: 'a', modelId: 'm' } }, { priority: { name: 'cost', atLeast: 2 }, use: { providerId: 'a', modelId: 'm' } }] })).toThrow(
      'Rule 2\'s priority threshold must be a number from 0 to 1.',
    );
    expect(() => parsePreferences({ rules: [{ hint: 'x' }] })).toThrow('Rule 1 must name a provider and a model ({ providerId, modelId }).');
    const parsed = parsePreferences({ rules: [{ hint: ' sonnet ', use: { providerId: 'a', modelId: 'm' } }], defaultModel: { providerId: 'o', modelId: 'q' } });
    expect(parsed.rules[0]).toMatchObject({ hint: 'sonnet', use: { providerId: 'a', modelId: 'm' } });
    expect(parsed.rules[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(parsed.defaultModel).toEqual({ providerId: 'o', modelId: 'q' });
  });
});
