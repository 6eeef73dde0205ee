/**
 * The keyboard of a text box with a suggestion list (an ARIA 1.2 combobox): Down and Up move
 * through the suggestions (round the end), Enter (and Tab, where the box says so) takes the
 * active one, Escape closes the list; Down on a closed list opens it, where the box can.
 */
export interface ComboboxState {
  /** The list is showing. */
  open: boolean;
  count: number;
  /** The active suggestion's index, -1 for none. */
  active: number;
  setActive: (index: number) => void;
  take: (index: number) => void;
  close: () => void;
  /** Down on a closed list opens it (and asks for suggestions). */
  openList?: () => void;
  /** Tab takes the active suggestion too (a filter box); otherwise Tab leaves the box. */
  takeOnTab?: boolean;
}

/** Handles the key when it is the list's; returns whether it did (then the event's default is prevented). */
export function handleComboboxKey(event: Pick<KeyboardEvent, 'key' | 'preventDefault' | 'stopPropagation'>, state: ComboboxState): boolean {
  const { open, count, active } = state;
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      if (!open && event.key === 'ArrowDown' && state.openList) {
        event.preventDefault();
        state.openList();
        return true;
      }
      if (!open || count === 0) return false;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      state.setActive(active < 0 ? (step > 0 ? 0 : count - 1) : (active + step + count) % count);
      return true;
    }
    case 'Tab':
    case 'Enter':
      if (!open || active < 0 || active >= count || (event.key === 'Tab' && !state.takeOnTab)) return false;
      event.preventDefault();
      state.take(active);
      return true;
    case 'Escape':
      if (!open) return false;
      event.preventDefault();
      // The list is closed; a dialog around the box stays open.
      event.stopPropagation();
      state.close();
      return true;
    default:
      return false;
  }
}
