import { getApi } from '../../bridge/api';
import { useAuthStore } from './auth-store';
import { openSignInPage } from './sign-in-window';

/** Keeps the auth store in step with `auth.changed`, and loads sign-in pages into the tab Sign in reserved. */
export function startAuthSync(): () => void {
  const api = getApi();
  const stops = [
    api.on('auth.changed', (status) => useAuthStore.getState().apply(status)),
    api.on('auth.openUrl', ({ serverId, url }) => {
      openSignInPage(serverId, url);
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
