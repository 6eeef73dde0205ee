import { useEffect, useRef } from 'react';
import { useLayoutStore } from '../../ui/layout-store';

/** Room a message's detail needs to be read: a request and a response, a few lines of each. */
const DETAIL_HEIGHT = 360;

/**
 * On a short window the traffic panel is a few rows tall, which leaves an opened detail ~50 px.
 * While the detail is open the panel grows to DETAIL_HEIGHT (at most half the window); on closing
 * it goes back to the height it had, unless the person resized it meanwhile.
 */
export function useRoomForDetail(open: boolean): void {
  const grownFrom = useRef<{ before: number; grownTo: number } | null>(null);
  useEffect(() => {
    const layout = useLayoutStore.getState();
    if (open) {
      const wanted = Math.min(DETAIL_HEIGHT, Math.round(window.innerHeight * 0.5));
      if (layout.trafficHeight >= wanted) return;
      grownFrom.current = { before: layout.trafficHeight, grownTo: wanted };
      layout.setTrafficHeight(wanted);
      return;
    }
    const grown = grownFrom.current;
    grownFrom.current = null;
    if (grown && layout.trafficHeight === grown.grownTo) layout.setTrafficHeight(grown.before);
  }, [open]);
}
