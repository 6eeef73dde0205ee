import { useLayoutEffect, useState, type RefObject } from 'react';

interface Size {
  width: number;
  height: number;
}

/** The element's current size in CSS pixels, kept up to date as it resizes. */
export function useElementSize(ref: RefObject<HTMLElement | null>): Size {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () =>
      setSize((current) => (current.width === element.clientWidth && current.height === element.clientHeight ? current : { width: element.clientWidth, height: element.clientHeight }));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

export function useElementHeight(ref: RefObject<HTMLElement | null>): number {
  return useElementSize(ref).height;
}

export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  return useElementSize(ref).width;
}
