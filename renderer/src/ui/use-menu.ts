import { useEffect, type KeyboardEvent, type RefObject } from 'react';

/**
 * What every popup menu does: focuses its first item when it opens, closes on a pointer press
 * outside it (except on `ignore`, the button that toggles it), and moves between items with the
 * arrow keys, Home and End. Escape and Tab close it. Returns the menu's keydown handler.
 */
export function useMenu(open: boolean, menuRef: RefObject<HTMLElement | null>, close: () => void, ignore?: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role^="menuitem"]:not(:disabled)')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !ignore?.current?.contains(target)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, menuRef, close, ignore]);

  return (event: KeyboardEvent<HTMLElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]:not(:disabled)') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 };
    if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      close();
    } else if (event.key in moves && items.length > 0) {
      event.preventDefault();
      items[(moves[event.key]! + items.length) % items.length]?.focus();
    }
  };
}
