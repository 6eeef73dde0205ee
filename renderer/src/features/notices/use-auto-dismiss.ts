import { useEffect, useRef, useState } from 'react';

/** How long an info notice stays once nobody is pointing at it or focused in it. */
export const INFO_NOTICE_MS = 8_000;

/** Handlers for the element that holds the notice: pointing at it or focusing in it holds the clock. */
export interface AutoDismissHold {
  onMouseEnter: () => void;
  onMouseLeave: () => void;
  onFocus: () => void;
  onBlur: (event: { currentTarget: Element; relatedTarget: Element | null }) => void;
}

/**
 * Calls `dismiss` once `delayMs` have passed with the notice neither hovered nor holding the focus;
 * leaving it starts the full delay again, so a person who was reading it gets the whole time.
 * With `enabled` false (warnings, errors) nothing is ever dismissed by itself.
 */
export function useAutoDismiss(enabled: boolean, dismiss: () => void, delayMs = INFO_NOTICE_MS): AutoDismissHold {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const latestDismiss = useRef(dismiss);
  useEffect(() => {
    latestDismiss.current = dismiss;
  });
  const held = hovered || focused;
  useEffect(() => {
    if (!enabled || held) return;
    const timer = setTimeout(() => latestDismiss.current(), delayMs);
    return () => clearTimeout(timer);
  }, [enabled, held, delayMs]);
  return {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    // Focus moving between the notice's own parts keeps it held.
    onBlur: (event) => setFocused(event.relatedTarget !== null && event.currentTarget.contains(event.relatedTarget)),
  };
}
