import { create } from 'zustand';
import type { AuthStatus } from '../../../../shared/auth';
import { errorMessage } from '../../bridge/bridge-error';
import type { Bridge } from '../../bridge/types';

interface AuthStoreState {
  byServer: Record<string, AuthStatus>;
  /** serverId → a sign-in or clear is running. */
  busy: Record<string, boolean>;
  /** serverId → why the last request failed (not the sign-in itself: that is in the status). */
  errors: Record<string, string>;
  apply(status: AuthStatus): void;
  load(api: Bridge, serverId: string): Promise<void>;
  signIn(api: Bridge, serverId: string): Promise<void>;
  clear(api: Bridge, serverId: string): Promise<void>;
  forgetSecret(api: Bridge, serverId: string): Promise<void>;
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
    load: (api, serverId) => run(serverId, async () => get().apply(await api.invoke('auth.status', { serverId }))),
    signIn: (api, serverId) => run(serverId, () => api.invoke('auth.start', { serverId })),
    clear: (api, serverId) => run(serverId, async () => get().apply(await api.invoke('auth.clear', { serverId }))),
    forgetSecret: (api, serverId) => run(serverId, async () => get().apply(await api.invoke('auth.setClientSecret', { serverId, secret: null }))),
  };
});

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}
