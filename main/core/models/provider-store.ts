import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Notice } from '../../../shared/contract.js';
import { isObject } from '../../../shared/is-object.js';
import type { ModelPreferences, ModelProvider, ModelProviderInput } from '../../../shared/models.js';
import { LoupeError } from '../../../shared/wire.js';
import { StateFile } from '../config/state-file.js';
import type { SecretStore } from '../secrets/secret-store.js';
import { parsePreferences, parseStoredProvider, type StoredProvider } from './provider-settings.js';

export const MODELS_FILE = 'models.json';
const FILE_VERSION = 1;

interface ModelsState {
  providers: StoredProvider[];
  preferences: ModelPreferences;
}

const EMPTY: ModelsState = { providers: [], preferences: { rules: [] } };

function keyRefFor(providerId: string): string {
  return `model-provider/${providerId}/api-key`;
}

function parseState(value: unknown): ModelsState {
  if (!isObject(value) || !Array.isArray(value.providers)) throw new Error('it has no "providers" list');
  const providers = value.providers.map(parseStoredProvider);
  const preferences = value.preferences === undefined ? EMPTY.preferences : parsePreferences(value.preferences);
  return { providers, preferences };
}

export function toView(stored: StoredProvider): ModelProvider {
  const { keyRef, ...rest } = stored;
  return { ...rest, hasKey: keyRef !== undefined };
}

/**
 * The model providers and the modelPreferences rules, kept in `models.json` in the data folder.
 * Keys never go there: they go to the secret store (the OS keychain, or Loupe's private file),
 * and every key read or written is remembered for redaction (`onSecret`).
 */
export class ProviderStore {
  private constructor(
    private readonly file: StateFile<ModelsState>,
    private readonly secrets: SecretStore,
    private readonly onSecret: (value: string) => void,
  ) {}

  static async open(dataDir: string, secrets: SecretStore, onNotice: (notice: Notice) => void, onSecret: (value: string) => void): Promise<ProviderStore> {
    const file = await StateFile.open<ModelsState>(
      {
        path: join(dataDir, MODELS_FILE),
        what: 'The model providers file',
        empty: EMPTY,
        parse: parseState,
        serialize: (state) => `${JSON.stringify({ version: FILE_VERSION, ...state }, null, 2)}\n`,
      },
      onNotice,
    );
    return new ProviderStore(file, secrets, onSecret);
  }

  list(): ModelProvider[] {
    return this.file.state.providers.map(toView);
  }

  providers(): readonly StoredProvider[] {
    return this.file.state.providers;
  }

  get(id: string): StoredProvider | undefined {
    return this.file.state.providers.find((provider) => provider.id === id);
  }

  require(id: string): StoredProvider {
    const provider = this.get(id);
    if (!provider) throw new LoupeError(`There is no model provider with id "${id}"; add it in Models settings.`, 'unknown-provider');
    return provider;
  }

  /** The provider's key, from the secret store. */
  async key(provider: StoredProvider): Promise<string | undefined> {
    if (!provider.keyRef) return undefined;
    const value = await this.secrets.get(provider.keyRef);
    if (value) this.onSecret(value);
    return value;
  }

  async add(input: ModelProviderInput): Promise<ModelProvider> {
    const id = randomUUID();
    const stored = await this.withKey({ id, ...this.fields(input) }, input.apiKey);
    return this.file.change((state) => ({ state: { ...state, providers: [...state.providers, stored] }, value: toView(stored) }));
  }

  async update(id: string, input: ModelProviderInput): Promise<ModelProvider> {
    const existing = this.require(id);
    const base: StoredProvider = { id, ...this.fields(input), ...(existing.keyRef ? { keyRef: existing.keyRef } : {}) };
    const stored = await this.withKey(base, input.apiKey);
    return this.file.change((state) => {
      if (!state.providers.some((provider) => provider.id === id)) throw new LoupeError(`There is no model provider with id "${id}".`, 'unknown-provider');
      return { state: { ...state, providers: state.providers.map((provider) => (provider.id === id ? stored : provider)) }, value: toView(stored) };
    });
  }

  /** Removes the provider and its key; rules that use it stay, and are skipped until they name another. */
  async remove(id: string): Promise<void> {
    const existing = this.require(id);
    await this.file.change((state) => ({ state: { ...state, providers: state.providers.filter((provider) => provider.id !== id) }, value: undefined }));
    if (existing.keyRef) await this.secrets.delete(existing.keyRef);
  }

  preferences(): ModelPreferences {
    return this.file.state.preferences;
  }

  async setPreferences(value: unknown): Promise<ModelPreferences> {
    const preferences = parsePreferences(value);
    for (const ref of [...preferences.rules.map((rule) => rule.use), ...(preferences.defaultModel ? [preferences.defaultModel] : [])]) {
      if (!this.get(ref.providerId)) throw new LoupeError(`A rule names the provider "${ref.providerId}", which does not exist; add it first.`, 'invalid-params');
    }
    return this.file.change((state) => ({ state: { ...state, preferences }, value: preferences }));
  }

  private fields(input: ModelProviderInput): Omit<StoredProvider, 'id' | 'keyRef'> {
    return {
      name: input.name,
      kind: input.kind,
      ...(input.baseUrl ? { baseUrl: input.baseUrl } : {}),
      ...(input.defaultModel ? { defaultModel: input.defaultModel } : {}),
    };
  }

  /** Stores a new key (or removes it with null); absent keeps what the provider had. */
  private async withKey(provider: StoredProvider, apiKey: string | null | undefined): Promise<StoredProvider> {
    if (apiKey === undefined) return provider;
    const keyRef = keyRefFor(provider.id);
    if (apiKey === null) {
      await this.secrets.delete(keyRef);
      const { keyRef: _removed, ...rest } = provider;
      return rest;
    }
    await this.secrets.set(keyRef, apiKey);
    this.onSecret(apiKey);
    return { ...provider, keyRef };
  }
}
