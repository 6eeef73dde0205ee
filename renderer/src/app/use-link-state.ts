import { useSyncExternalStore } from 'react';
import { useApi } from '../bridge/api-context';
import type { LinkState } from '../bridge/types';

export function useLinkState(): LinkState {
  const api = useApi();
  return useSyncExternalStore(
    (onChange) => api.onLinkStateChange(onChange),
    () => api.getLinkState(),
  );
}
