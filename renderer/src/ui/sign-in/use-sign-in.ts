import { useCallback } from 'react';
import type { ServerConfig } from '../../../../shared/server-config';
import { useAppInfoStore } from '../../state/app-info';
import { useAuthStore } from '../../state/auth/auth-store';
import { releaseSignInTab, reserveSignInTab } from '../../state/auth/sign-in-window';

/** Starts a sign-in for the server; in browser mode a tab is reserved at the click for the authorization page. */
export function useSignIn(server: ServerConfig | undefined): { signIn: () => void; busy: boolean } {
  const mode = useAppInfoStore((state) => state.info?.mode);
  const busy = useAuthStore((state) => (server ? state.busy[server.id] === true : false));
  const signIn = useCallback(() => {
    if (!server) return;
    const needsTab = mode === 'browser' && server.auth?.authorizeWith !== 'http-get';
    if (needsTab) reserveSignInTab(server.id);
    void useAuthStore
      .getState()
      .signIn(server.id)
      .finally(() => releaseSignInTab(server.id));
  }, [mode, server]);
  return { signIn, busy };
}
