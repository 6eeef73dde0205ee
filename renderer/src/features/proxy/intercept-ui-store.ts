import { create } from 'zustand';

/** The intercept desk's own state: whether it is open and which message it shows. */
interface InterceptUiState {
  open: boolean;
  selectedId: string | null;
  setOpen: (open: boolean) => void;
  select: (id: string | null) => void;
}

export const useInterceptUiStore = create<InterceptUiState>()((set) => ({
  open: false,
  selectedId: null,
  setOpen: (open) => set({ open }),
  select: (selectedId) => set({ selectedId }),
}));

export const INTERCEPT_PANEL_ID = 'intercept-desk';
export const INTERCEPT_BUTTON_ID = 'intercept-button';
export const INTERCEPT_TITLE_ID = 'intercept-desk-title';

/** Opens the intercept desk with its title focused (the header button and the command palette). */
export function openInterceptDesk(): void {
  useInterceptUiStore.getState().setOpen(true);
  requestAnimationFrame(() => document.getElementById(INTERCEPT_PANEL_ID)?.querySelector<HTMLElement>('h2')?.focus());
}
