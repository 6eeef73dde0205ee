import { useSyncExternalStore } from 'react';
import { getApi } from '../bridge/api';
import type { LinkState } from '../bridge/types';

export function useLinkState(): LinkState {
  const api = getApi();
  return useSyncExternalStore(
    (onChange) => api.onLinkStateChange(onChange),
    () => api.getLinkState(),
  );
}
