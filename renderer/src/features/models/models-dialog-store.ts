import { create } from 'zustand';

/** Whether the Models settings dialog is open (any feature opens it through app/, see `openModelsSettings`). */
export const useModelsDialogStore = create<{ open: boolean; setOpen: (open: boolean) => void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));

export function openModelsSettings(): void {
  useModelsDialogStore.getState().setOpen(true);
}
