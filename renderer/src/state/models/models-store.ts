import { create } from 'zustand';
import type { ModelInfo, ModelPreferences, ModelProvider } from '../../../../shared/models';

/** A provider's model list as last fetched, or why it could not be. */
export type ModelListState = { status: 'loading' } | { status: 'loaded'; models: ModelInfo[] } | { status: 'failed'; message: string };

interface ModelsState {
  /** The core's providers (keys stay in the core: only `hasKey`). */
  providers: ModelProvider[];
  /** Whether the first `models.providers.list` answered (until then, "no provider" is not yet known). */
  loaded: boolean;
  preferences: ModelPreferences;
  /** Model lists fetched on demand, by provider id. */
  lists: Record<string, ModelListState>;
  setProviders: (providers: ModelProvider[]) => void;
  setPreferences: (preferences: ModelPreferences) => void;
  setList: (providerId: string, list: ModelListState) => void;
}

export const useModelsStore = create<ModelsState>()((set) => ({
  providers: [],
  loaded: false,
  preferences: { rules: [] },
  lists: {},
  setProviders: (providers) =>
    set((state) => {
      // A removed provider's list goes with it.
      const lists: Record<string, ModelListState> = {};
      for (const provider of providers) if (state.lists[provider.id]) lists[provider.id] = state.lists[provider.id]!;
      return { providers, loaded: true, lists };
    }),
  setPreferences: (preferences) => set({ preferences }),
  setList: (providerId, list) => set((state) => ({ lists: { ...state.lists, [providerId]: list } })),
}));

/** A provider's name, or a sentence-safe stand-in for one that was removed. */
export function providerName(providers: readonly ModelProvider[], providerId: string): string {
  return providers.find((provider) => provider.id === providerId)?.name ?? `a removed provider (${providerId})`;
}
