import { isObject } from '../../../shared/is-object.js';
import { NO_PROVIDER_SENTENCE, type ModelChoice, type ModelPreferences, type ModelPriorityName, type ModelRef } from '../../../shared/models.js';
import { LoupeError } from '../../../shared/wire.js';
import type { StoredProvider } from './provider-settings.js';

/** Hints a request may list before the rest are ignored. */
const MAX_HINTS = 50;
const PRIORITY_FIELDS: Record<ModelPriorityName, string> = { cost: 'costPriority', speed: 'speedPriority', intelligence: 'intelligencePriority' };

function hintNames(preferences: Record<string, unknown>): string[] {
  const hints = Array.isArray(preferences.hints) ? preferences.hints.slice(0, MAX_HINTS) : [];
  return hints.flatMap((hint) => (isObject(hint) && typeof hint.name === 'string' && hint.name !== '' ? [hint.name] : []));
}

function describe(ref: ModelRef, providers: readonly StoredProvider[]): string {
  const provider = providers.find((candidate) => candidate.id === ref.providerId);
  return `${ref.modelId} (${provider?.name ?? ref.providerId})`;
}

/**
 * The model for a sampling request's `modelPreferences`, by the person's rules: hints in the
 * request's order, each against the hint rules in order (a hint matches a rule whose text it
 * contains, case-insensitive); then the priority rules; then the default model; then the first
 * provider's own default model. A rule naming a provider that no longer exists is passed over.
 */
export function chooseModel(requestPreferences: unknown, preferences: ModelPreferences, providers: readonly StoredProvider[]): ModelChoice {
  if (providers.length === 0) throw new LoupeError(NO_PROVIDER_SENTENCE, 'no-provider');
  const exists = (ref: ModelRef) => providers.some((provider) => provider.id === ref.providerId);
  const asked = isObject(requestPreferences) ? requestPreferences : {};
  const hints = hintNames(asked);
  for (const hint of hints) {
    const lower = hint.toLowerCase();
    const rule = preferences.rules.find((candidate) => candidate.hint !== undefined && exists(candidate.use) && lower.includes(candidate.hint.toLowerCase()));
    if (rule) return { model: rule.use, why: `The request's hint "${hint}" matches the rule for "${rule.hint}": ${describe(rule.use, providers)}.` };
  }
  for (const rule of preferences.rules) {
    if (!rule.priority || !exists(rule.use)) continue;
    const value = asked[PRIORITY_FIELDS[rule.priority.name]];
    if (typeof value === 'number' && value >= rule.priority.atLeast) {
      return { model: rule.use, why: `The request's ${PRIORITY_FIELDS[rule.priority.name]} ${value} is at least ${rule.priority.atLeast}, so the rule picks ${describe(rule.use, providers)}.` };
    }
  }
  const unmatched = hints.length > 0 ? 'No rule matches the request\'s hints' : 'The request gives no hints';
  if (preferences.defaultModel && exists(preferences.defaultModel)) {
    return { model: preferences.defaultModel, why: `${unmatched}, so the default model: ${describe(preferences.defaultModel, providers)}.` };
  }
  const fallback = providers.find((provider) => provider.defaultModel !== undefined);
  if (fallback?.defaultModel) {
    const model = { providerId: fallback.id, modelId: fallback.defaultModel };
    return { model, why: `${unmatched} and no default model is set, so ${fallback.name}'s own default: ${fallback.defaultModel}.` };
  }
  throw new LoupeError(`${unmatched}, and no default model is set: choose a model, or set a default in Models settings.`, 'no-model');
}
