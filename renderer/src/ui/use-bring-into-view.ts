import { useEffect, type RefObject } from 'react';

/** Less of an element than this on screen (or less than all of it, when it is smaller) counts as out of view. */
export const ENOUGH_IN_VIEW_PX = 120;

export interface InViewMeasure {
  /** The element's own height. */
  height: number;
  /** How much of it the window and every scrolling ancestor let show. */
  visibleHeight: number;
}

/** True when too little of the element shows for a person to notice it. */
export function needsBringingIntoView({ height, visibleHeight }: InViewMeasure): boolean {
  return visibleHeight < Math.min(height, ENOUGH_IN_VIEW_PX);
}

/**
 * Scrolls the element into view when too little of it shows, each time `when` changes to a truthy
 * value. It asks an IntersectionObserver rather than measuring on the spot: the answer comes after
 * the next frame's layout, so neither the render that shows the element nor its frame waits for a
 * forced layout, and an element already in view is not scrolled at all.
 */
export function useBringIntoView(ref: RefObject<Element | null>, when: unknown, block: ScrollLogicalPosition = 'nearest'): void {
  useEffect(() => {
    const element = ref.current;
    if (!when || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      observer.disconnect();
      const entry = entries[entries.length - 1];
      if (entry && needsBringingIntoView({ height: entry.boundingClientRect.height, visibleHeight: entry.intersectionRect.height })) {
        element.scrollIntoView({ block });
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, when, block]);
}
