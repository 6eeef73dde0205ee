import type { RequestHandlers } from '../../../shared/contract.js';
import type { UiStateStore } from '../config/ui-state-store.js';

type UiStateHandlers = Pick<RequestHandlers, 'uiState.getAll' | 'uiState.set'>;

export function uiStateHandlers(store: UiStateStore): UiStateHandlers {
  return {
    'uiState.getAll': async () => store.all(),
    'uiState.set': async (params) => store.set(params.key, params.value),
  };
}
