import { useCallback, type RefObject } from 'react';
import { useScrollViewport } from '../use-scroll-viewport';

export interface FixedRows {
  /** First and one-past-last index of the rows to render. */
  first: number;
  last: number;
  totalHeight: number;
  onScroll(): void;
  /** Scrolls just enough to show the row. */
  scrollToRow(index: number): void;
}

/**
 * Windowing for rows of one fixed height: the visible range is arithmetic on the scroll
 * position, so a 130,000-row tree costs the same as a 10-row one (a measuring virtualizer
 * keeps an object per row).
 */
export function useFixedRows(scrollRef: RefObject<HTMLElement | null>, rowCount: number, rowHeight: number, overscan = 12): FixedRows {
  const { viewport, measure } = useScrollViewport(scrollRef);

  const first = Math.max(0, Math.floor(viewport.top / rowHeight) - overscan);
  const last = Math.min(rowCount, Math.ceil((viewport.top + viewport.height) / rowHeight) + overscan);

  const scrollToRow = useCallback(
    (index: number) => {
      const element = scrollRef.current;
      if (!element) return;
      const top = index * rowHeight;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + rowHeight > element.scrollTop + element.clientHeight) element.scrollTop = top + rowHeight - element.clientHeight;
      measure();
    },
    [scrollRef, rowHeight, measure],
  );

  return { first, last: Math.max(first, last), totalHeight: rowCount * rowHeight, onScroll: measure, scrollToRow };
}
