import type { Bridge } from '../../bridge/types';
import { useAuthStore } from './auth-store';
import { openSignInPage } from './sign-in-window';

/** Keeps the auth store in step with `auth.changed`, and loads sign-in pages into the tab Sign in reserved. */
export function startAuthSync(api: Bridge): () => void {
  const stops = [
    api.on('auth.changed', (status) => useAuthStore.getState().apply(status)),
    api.on('auth.openUrl', ({ serverId, url }) => {
      openSignInPage(serverId, url);
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
