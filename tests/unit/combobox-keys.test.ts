import { describe, expect, it, vi } from 'vitest';
import { handleComboboxKey, type ComboboxState } from '../../renderer/src/ui/combobox/combobox-keys.js';

function press(key: string, state: Partial<ComboboxState> = {}) {
  const full: ComboboxState = { open: true, count: 3, active: -1, setActive: vi.fn(), take: vi.fn(), close: vi.fn(), ...state };
  const event = { key, preventDefault: vi.fn(), stopPropagation: vi.fn() };
  const handled = handleComboboxKey(event, full);
  return { handled, event, state: full };
}

describe('one keyboard for every suggestion list', () => {
  it('Down and Up move round the list; from none they start at either end', () => {
    expect(press('ArrowDown').state.setActive).toHaveBeenCalledWith(0);
    expect(press('ArrowUp').state.setActive).toHaveBeenCalledWith(2);
    expect(press('ArrowDown', { active: 2 }).state.setActive).toHaveBeenCalledWith(0);
    expect(press('ArrowUp', { active: 0 }).state.setActive).toHaveBeenCalledWith(2);
  });

  it('Enter takes the active suggestion; Tab only where the box says so; nothing active leaves the key to the box', () => {
    expect(press('Enter', { active: 1 }).state.take).toHaveBeenCalledWith(1);
    const tab = press('Tab', { active: 1 });
    expect(tab.handled).toBe(false);
    expect(tab.state.take).not.toHaveBeenCalled();
    expect(press('Tab', { active: 1, takeOnTab: true }).state.take).toHaveBeenCalledWith(1);
    const nothing = press('Enter', { active: -1 });
    expect(nothing.handled).toBe(false);
    expect(nothing.event.preventDefault).not.toHaveBeenCalled();
  });

  it('Escape closes an open list without closing the dialog around it; a closed list leaves keys alone, except Down where it can open', () => {
    const escape = press('Escape');
    expect(escape.state.close).toHaveBeenCalled();
    expect(escape.event.stopPropagation).toHaveBeenCalled();
    expect(press('Escape', { open: false }).handled).toBe(false);
    expect(press('ArrowDown', { open: false }).handled).toBe(false);
    const openList = vi.fn();
    expect(press('ArrowDown', { open: false, openList }).handled).toBe(true);
    expect(openList).toHaveBeenCalled();
    expect(press('a').handled).toBe(false);
  });
});
