import { create } from 'zustand';

/** Whether the command palette is open (its shortcut, the header's button). */
export const usePaletteStore = create<{ open: boolean; setOpen: (open: boolean) => void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
