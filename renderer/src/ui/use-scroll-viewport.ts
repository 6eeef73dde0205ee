import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';

export interface ScrollViewport {
  top: number;
  height: number;
}

const scrollTopOf = (element: HTMLElement) => element.scrollTop;

/**
 * The visible part of a scrolling element, kept current on resize and whenever `measure` is
 * called (from onScroll); zero high until the first frame after mount has laid it out. `readTop` says which scroll position counts; it must be stable.
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

  // Measured by the observer's first report, which comes with the next frame's layout: measuring
  // here would force a layout of its own right after each mount (a new result's JSON tree, say).
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [scrollRef, measure]);

  return { viewport, measure };
}
