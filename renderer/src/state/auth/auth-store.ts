import { create } from 'zustand';
import type { AuthStatus } from '../../../../shared/auth';
import { errorMessage } from '../../bridge/bridge-error';
import { getApi } from '../../bridge/api';

interface AuthStoreState {
  byServer: Record<string, AuthStatus>;
  /** serverId → a sign-in or clear is running. */
  busy: Record<string, boolean>;
  /** serverId → why the last request failed (not the sign-in itself: that is in the status). */
  errors: Record<string, string>;
  apply: (status: AuthStatus) => void;
  load: (serverId: string) => Promise<void>;
  signIn: (serverId: string) => Promise<void>;
  clear: (serverId: string) => Promise<void>;
  forgetSecret: (serverId: string) => Promise<void>;
}

export const useAuthStore = create<AuthStoreState>()((set, get) => {
  const run = async (serverId: string, action: () => Promise<unknown>) => {
    set((state) => ({ busy: { ...state.busy, [serverId]: true }, errors: withoutKey(state.errors, serverId) }));
    try {
      await action();
    } catch (error) {
      set((state) => ({ errors: { ...state.errors, [serverId]: errorMessage(error) } }));
    } finally {
      set((state) => ({ busy: withoutKey(state.busy, serverId) }));
    }
  };
  return {
    byServer: {},
    busy: {},
    errors: {},
    apply: (status) => set((state) => ({ byServer: { ...state.byServer, [status.serverId]: status } })),
    load: (serverId) => run(serverId, async () => get().apply(await getApi().invoke('auth.status', { serverId }))),
    signIn: (serverId) => run(serverId, () => getApi().invoke('auth.start', { serverId })),
    clear: (serverId) => run(serverId, async () => get().apply(await getApi().invoke('auth.clear', { serverId }))),
    forgetSecret: (serverId) => run(serverId, async () => get().apply(await getApi().invoke('auth.setClientSecret', { serverId, secret: null }))),
  };
});

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}
