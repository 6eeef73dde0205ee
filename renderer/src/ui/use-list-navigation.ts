import { useCallback, type KeyboardEvent, type RefObject } from 'react';

/** Marks the elements the keyboard moves between, in document order. */
export const NAV_ITEM_ATTRIBUTE = 'data-nav-item';

/**
 * Arrow-key movement for lists whose items carry `data-nav-item`: Up/Down, Home/End and
 * PageUp/PageDown move the selection and focus with it (roving tabindex: the caller gives
 * the selected item tabIndex 0 and the others -1). Items are found by position, so they need
 * no index prop, and a sliding window of rows does not re-render every row.
 */
export function useListNavigation(
  containerRef: RefObject<HTMLElement | null>,
  count: number,
  currentIndex: number,
  onMove: (index: number) => void,
  pageSize = 10,
) {
  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (count === 0 || event.altKey || event.ctrlKey || event.metaKey) return;
      let next: number;
      switch (event.key) {
        case 'ArrowDown':
          next = currentIndex < 0 ? 0 : currentIndex + 1;
          break;
        case 'ArrowUp':
          next = currentIndex < 0 ? count - 1 : currentIndex - 1;
          break;
        case 'Home':
          next = 0;
          break;
        case 'End':
          next = count - 1;
          break;
        case 'PageDown':
          next = currentIndex + pageSize;
          break;
        case 'PageUp':
          next = currentIndex - pageSize;
          break;
        default:
          return;
      }
      event.preventDefault();
      const index = Math.max(0, Math.min(count - 1, next));
      onMove(index);
      // Focus after React has re-rendered the roving tabindex.
      requestAnimationFrame(() => {
        const item = containerRef.current?.querySelectorAll<HTMLElement>(`[${NAV_ITEM_ATTRIBUTE}]`)[index];
        item?.focus();
        item?.scrollIntoView({ block: 'nearest' });
      });
    },
    [containerRef, count, currentIndex, onMove, pageSize],
  );
}
