import type { FetchLike } from '@modelcontextprotocol/client';
import type { LanguageModel } from 'ai';
import { DEFAULT_BASE_URLS, modelTrafficServerId, type ModelTrafficTag } from '../../../shared/models.js';
import { LoupeError } from '../../../shared/wire.js';
import type { TrafficLog } from '../traffic/traffic-log.js';
import { networkFetch } from '../transports/network-fetch.js';
import { recordingFetch } from '../transports/recording-fetch.js';
import type { FailureContext } from './model-failure.js';
import { limitedFetch, type ModelFetchLimits } from './model-fetch.js';
import type { ProviderStore } from './provider-store.js';
import type { StoredProvider } from './provider-settings.js';

/** What one use of a provider is for: the traffic entries it makes carry it. */
export type ModelUse = Omit<ModelTrafficTag, 'providerId' | 'providerName'>;

/**
 * One use of a provider (a draft, a chat step, a test): its fetch goes through Loupe's proxy and
 * CA settings, within the limits, and records each exchange as an `http` traffic entry marked as
 * the model's, the key redacted. `trafficSeqs` collects those entries.
 */
export interface ModelSession {
  provider: StoredProvider;
  baseUrl: string;
  key: string | undefined;
  fetch: FetchLike;
  trafficSeqs: number[];
  failureContext(modelId?: string): FailureContext;
  languageModel(modelId: string): Promise<LanguageModel>;
}

export interface ModelClientsDeps {
  store: ProviderStore;
  traffic: TrafficLog;
  limits: ModelFetchLimits;
  /** The network under the limits and the record (tests may put something else there). */
  fetch?: FetchLike;
}

export function baseUrlOf(provider: StoredProvider): string {
  return provider.baseUrl ?? (provider.kind === 'openai-compatible' ? '' : DEFAULT_BASE_URLS[provider.kind]);
}

export class ModelClients {
  constructor(private readonly deps: ModelClientsDeps) {}

  async open(providerId: string, use: ModelUse): Promise<ModelSession> {
    const provider = this.deps.store.require(providerId);
    const key = await this.deps.store.key(provider);
    const baseUrl = baseUrlOf(provider);
    const tag: ModelTrafficTag = { providerId: provider.id, providerName: provider.name, ...use };
    const serverId = modelTrafficServerId(provider.id);
    const recorder = this.deps.traffic.recorderFor(serverId, serverId, { model: tag });
    const trafficSeqs: number[] = [];
    const hide = () => (key ? [key] : []);
    const fetch = recordingFetch(limitedFetch(this.deps.fetch ?? networkFetch, this.deps.limits), {
      serverUrl: new URL(baseUrl),
      model: { hide },
      onExchange: (exchange) => {
        const seq = recorder.http(exchange);
        if (seq >= 0) trafficSeqs.push(seq);
      },
    });
    const failureContext = (modelId?: string): FailureContext => ({ providerName: provider.name, baseUrl, modelId, hide: hide() });
    return {
      provider,
      baseUrl,
      key,
      fetch,
      trafficSeqs,
      failureContext,
      languageModel: (modelId) => createLanguageModel(provider, baseUrl, key, fetch, modelId),
    };
  }
}

/** The AI SDK's model for the provider (its packages load on first use: they take half a second). */
async function createLanguageModel(provider: StoredProvider, baseURL: string, apiKey: string | undefined, fetch: FetchLike, modelId: string): Promise<LanguageModel> {
  // The vendors' SDKs would read OPENAI_API_KEY or ANTHROPIC_API_KEY from the environment; Loupe uses only what the person stored.
  if (provider.kind !== 'openai-compatible' && !apiKey) {
    throw new LoupeError(`No key is stored for ${provider.name}: add one in Models settings.`, 'no-key');
  }
  const sdkFetch = fetch as typeof globalThis.fetch;
  switch (provider.kind) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      // Chat Completions, the API every OpenAI-compatible server also speaks (not the Responses API).
      return createOpenAI({ apiKey: apiKey ?? '', baseURL, fetch: sdkFetch }).chat(modelId);
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ apiKey: apiKey ?? '', baseURL, fetch: sdkFetch })(modelId);
    }
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      return createOpenAICompatible({ name: 'openai-compatible', baseURL, ...(apiKey ? { apiKey } : {}), fetch: sdkFetch, includeUsage: true })(modelId);
    }
  }
}
