import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useScrollViewport } from './use-scroll-viewport';

interface RowWindowOptions {
  rowCount: number;
  rowHeight: number;
  /** Height of anything above the rows inside the scroller (a sticky header). */
  offsetTop?: number;
  overscan?: number;
  /** Follow the newest row while the view is at the bottom (a log). Off, the view stays where it is put. */
  follow?: boolean;
  /** Changes whenever rows may have been added (a store version): re-applies auto-scroll. */
  contentVersion?: unknown;
}

export interface RowWindow {
  /** First and one-past-last row index to render. */
  first: number;
  last: number;
  totalHeight: number;
  /** True while the view sticks to the newest row; scrolling up stops it. */
  following: boolean;
  /** Not following, and rows lie below what is shown. */
  rowsBelow: boolean;
  onScroll: () => void;
  jumpToNewest: () => void;
  /** Scrolls just enough to show the row. */
  scrollToRow: (index: number) => void;
}

/**
 * The one virtualization for rows of a fixed height (the traffic grid, the console, the JSON tree,
 * long text): the visible range is arithmetic on the scroll position, so 130,000 rows cost what 10
 * do. With `follow`, while the user is at the bottom new rows scroll into view; scrolling up stops it.
 */
export function useRowWindow(scrollRef: RefObject<HTMLElement | null>, options: RowWindowOptions): RowWindow {
  const { rowCount, rowHeight, offsetTop = 0, overscan = 12, follow = true, contentVersion } = options;
  const [following, setFollowing] = useState(follow);
  const followingRef = useRef(follow);
  // While following, the window is computed from the bottom: the scroll position does not
  // matter, and not storing it spares a render per frame during a flood.
  const readTop = useCallback((element: HTMLElement) => (followingRef.current ? 0 : element.scrollTop), []);
  const { viewport, measure } = useScrollViewport(scrollRef, readTop);

  const setFollow = (wanted: boolean) => {
    const value = follow && wanted;
    if (followingRef.current === value) return;
    followingRef.current = value;
    setFollowing(value);
  };

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    setFollow(element.scrollHeight - element.scrollTop - element.clientHeight <= rowHeight / 2);
    measure();
  };

  useLayoutEffect(() => {
    const element = scrollRef.current;
    // The browser clamps to the real bottom; no need to read (and lay out) the scroll height first.
    if (element && followingRef.current) element.scrollTop = offsetTop + rowCount * rowHeight;
  }, [scrollRef, rowCount, rowHeight, offsetTop, contentVersion]);

  const jumpToNewest = () => {
    const element = scrollRef.current;
    setFollow(true);
    if (element) element.scrollTop = element.scrollHeight;
  };

  const scrollToRow = (index: number) => {
    const element = scrollRef.current;
    if (!element) return;
    const top = offsetTop + index * rowHeight;
    const visibleTop = element.scrollTop + offsetTop;
    const visibleBottom = element.scrollTop + element.clientHeight;
    if (top < visibleTop) element.scrollTop = top - offsetTop;
    else if (top + rowHeight > visibleBottom) element.scrollTop = top + rowHeight - element.clientHeight;
    else return;
    // Decide now whether this is still the bottom, so the next render shows the row.
    setFollow(element.scrollHeight - element.scrollTop - element.clientHeight <= rowHeight / 2);
    measure();
  };

  // While following, the window is the newest rows: computing it from the last scroll position
  // would render rows that the scroll to the bottom replaces at once.
  const totalHeight = rowCount * rowHeight;
  const bodyTop = following ? Math.max(0, totalHeight - viewport.height) : Math.max(0, viewport.top - offsetTop);
  const first = Math.max(0, Math.floor(bodyTop / rowHeight) - overscan);
  const last = Math.min(rowCount, Math.ceil((bodyTop + viewport.height) / rowHeight) + overscan);
  // Rows hidden below the viewport: only then is there anything to jump to.
  const rowsBelow = !following && totalHeight - (bodyTop + viewport.height) > rowHeight / 2;
  return { first, last, totalHeight, following, rowsBelow, onScroll, jumpToNewest, scrollToRow };
}
