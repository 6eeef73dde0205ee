import { create } from 'zustand';
import type { AppInfo } from '../../../shared/contract';

interface AppInfoState {
  info: Omit<AppInfo, 'notices'> | null;
  setInfo: (info: AppInfo) => void;
}

export const useAppInfoStore = create<AppInfoState>()((set) => ({
  info: null,
  setInfo: ({ notices: _notices, ...info }) => set({ info }),
}));
