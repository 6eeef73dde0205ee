import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';

export interface ScrollViewport {
  top: number;
  height: number;
}

const scrollTopOf = (element: HTMLElement) => element.scrollTop;

/**
 * The visible part of a scrolling element, kept current on resize and whenever `measure` is
 * called (from onScroll). `readTop` says which scroll position counts; it must be stable.
 * The state changes only when the numbers do, so an unchanged scroll costs no render.
 */
export function useScrollViewport(
  scrollRef: RefObject<HTMLElement | null>,
  readTop: (element: HTMLElement) => number = scrollTopOf,
): { viewport: ScrollViewport; measure: () => void } {
  const [viewport, setViewport] = useState<ScrollViewport>({ top: 0, height: 0 });

  const measure = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const top = readTop(element);
    const height = element.clientHeight;
    setViewport((previous) => (previous.top === top && previous.height === height ? previous : { top, height }));
  }, [scrollRef, readTop]);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [scrollRef, measure]);

  return { viewport, measure };
}
