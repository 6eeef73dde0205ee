import type { ModelProvider, ModelRef } from '../../../../shared/models';
import type { ModelListState } from './models-store';

/** The models offered where a person picks one: each provider's listed models, or its default model while no list is fetched. */
export function modelChoices(providers: readonly ModelProvider[], lists: Record<string, ModelListState>): ModelRef[] {
  const refs: ModelRef[] = [];
  for (const provider of providers) {
    const list = lists[provider.id];
    const ids = list?.status === 'loaded' ? list.models.map((model) => model.id) : [];
    if (provider.defaultModel && !ids.includes(provider.defaultModel)) ids.unshift(provider.defaultModel);
    for (const modelId of ids) refs.push({ providerId: provider.id, modelId });
  }
  return refs;
}
