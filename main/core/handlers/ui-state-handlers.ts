import type { RequestHandlers } from '../../../shared/contract.js';
import { LoupeError } from '../../../shared/wire.js';
import { CORE_KEY_PREFIX, type UiStateStore } from '../config/ui-state-store.js';

type UiStateHandlers = Pick<RequestHandlers, 'uiState.getAll' | 'uiState.set'>;

export function uiStateHandlers(store: UiStateStore): UiStateHandlers {
  return {
    'uiState.getAll': async () => store.all(),
    'uiState.set': async (params) => {
      if (params.key.startsWith(CORE_KEY_PREFIX)) throw new LoupeError(`Keys starting with "${CORE_KEY_PREFIX}" belong to the core; "${params.key}" was not saved.`, 'invalid-params');
      return store.set(params.key, params.value);
    },
  };
}
