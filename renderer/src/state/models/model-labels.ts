import type { ModelPreferenceRule, ModelProvider, ModelRef } from '../../../../shared/models';
import { providerName } from './models-store';

/** `model · provider`, as the Models settings and the Approvals desk show a model. */
export function modelLabel(ref: ModelRef, providers: readonly ModelProvider[]): string {
  return `${ref.modelId} · ${providerName(providers, ref.providerId)}`;
}

/** What a preference rule matches, in words: `hint contains "claude"`, `intelligence ≥ 0.8`. */
export function ruleCondition(rule: ModelPreferenceRule): string {
  if (rule.hint !== undefined) return `hint contains “${rule.hint}”`;
  if (rule.priority) return `${rule.priority.name} priority ≥ ${rule.priority.atLeast}`;
  return 'any request';
}
