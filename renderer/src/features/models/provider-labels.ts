import { DEFAULT_BASE_URLS, type ModelProvider, type ModelProviderKind } from '../../../../shared/models';

export const KIND_LABELS: Record<ModelProviderKind, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  'openai-compatible': 'OpenAI-compatible',
};

/** Where the provider's API is: its own base URL, or the vendor's. */
export function baseUrlText(provider: Pick<ModelProvider, 'kind' | 'baseUrl'>): string {
  if (provider.baseUrl) return provider.baseUrl;
  return provider.kind === 'openai-compatible' ? '(none)' : `${DEFAULT_BASE_URLS[provider.kind]} (the vendor's)`;
}
