import { create } from 'zustand';
import type { Notice } from '../../../shared/contract';

/** Notices raised by the renderer itself (e.g. a failed load) never go to `app.dismissNotice`. */
const LOCAL_PREFIX = 'local:';
let localCount = 0;

interface NoticesState {
  notices: Notice[];
  /** Replaces the host's notices (from `app.info`) and keeps local ones. */
  applyListed: (notices: Notice[]) => void;
  add: (notice: Notice) => void;
  addLocal: (level: Notice['level'], message: string) => void;
  remove: (id: string) => void;
}

export const useNoticesStore = create<NoticesState>()((set) => ({
  notices: [],
  applyListed: (listed) =>
    set((state) => {
      const local = state.notices.filter((notice) => isLocalNotice(notice.id));
      return { notices: [...listed, ...local] };
    }),
  add: (notice) =>
    set((state) =>
      state.notices.some((existing) => existing.id === notice.id) ? state : { notices: [...state.notices, notice] },
    ),
  addLocal: (level, message) => {
    localCount += 1;
    const notice: Notice = { id: `${LOCAL_PREFIX}${localCount}`, level, message };
    set((state) => ({ notices: [...state.notices, notice] }));
  },
  remove: (id) => set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) })),
}));

export function isLocalNotice(id: string): boolean {
  return id.startsWith(LOCAL_PREFIX);
}
