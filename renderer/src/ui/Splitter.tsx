import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

interface Props {
  /** `horizontal` sits between panels stacked top/bottom; `vertical` between side-by-side panels. */
  orientation: 'horizontal' | 'vertical';
  label: string;
  /** The size, in pixels, of the panel after the splitter (below it, or right of it). */
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}

const KEY_STEP = 16;

/** A keyboard- and pointer-operable separator that resizes the panel after it. */
export function Splitter({ orientation, label, value, min, max, onChange }: Props) {
  const drag = useRef<{ pointer: number; value: number } | null>(null);
  const clamp = (next: number) => Math.round(Math.max(min, Math.min(max, next)));
  const position = (event: PointerEvent) => (orientation === 'horizontal' ? event.clientY : event.clientX);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointer: position(event), value };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    // Moving towards the panel after the splitter shrinks it.
    onChange(clamp(drag.current.value - (position(event) - drag.current.pointer)));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? KEY_STEP * 4 : KEY_STEP;
    const grow = orientation === 'horizontal' ? 'ArrowUp' : 'ArrowLeft';
    const shrink = orientation === 'horizontal' ? 'ArrowDown' : 'ArrowRight';
    if (event.key === grow) onChange(clamp(value + step));
    else if (event.key === shrink) onChange(clamp(value - step));
    else if (event.key === 'Home') onChange(min);
    else if (event.key === 'End') onChange(max);
    else return;
    event.preventDefault();
  };

  return (
    <div
      className={`splitter splitter--${orientation}`}
      role="separator"
      aria-orientation={orientation}
      aria-label={label}
      aria-valuenow={Math.round(value)}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}
