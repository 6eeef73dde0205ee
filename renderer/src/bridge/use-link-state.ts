import { useSyncExternalStore } from 'react';
import { getApi } from './api';
import type { LinkState } from './types';

export function useLinkState(): LinkState {
  const api = getApi();
  return useSyncExternalStore(
    (onChange) => api.onLinkStateChange(onChange),
    () => api.getLinkState(),
  );
}
