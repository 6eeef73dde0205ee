import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useMenu } from './use-menu';

interface Props {
  /** Where it opens (the pointer, or a row for the keyboard), in window coordinates. */
  x: number;
  y: number;
  label: string;
  onClose: () => void;
  children: ReactNode;
}

const MARGIN = 8;

/** A menu at a point of the window, kept inside it, with the keyboard and outside-click behaviour of every menu. */
export function PopupMenu({ x, y, label, onClose, children }: Props) {
  const menuRef = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState({ left: x, top: y });
  const onKeyDown = useMenu(true, menuRef, onClose);

  // Opened near an edge, it opens towards the middle.
  useLayoutEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    const { width, height } = menu.getBoundingClientRect();
    setPlace({
      left: Math.max(MARGIN, Math.min(x, window.innerWidth - width - MARGIN)),
      top: Math.max(MARGIN, Math.min(y, window.innerHeight - height - MARGIN)),
    });
  }, [x, y]);

  return (
    <div ref={menuRef} role="menu" aria-label={label} className="popup-menu" style={{ left: place.left, top: place.top }} onKeyDown={onKeyDown} onContextMenu={(event) => event.preventDefault()}>
      {children}
    </div>
  );
}
