import { useRef, type KeyboardEvent } from 'react';
import type { TrafficType } from '../../../../shared/traffic';
import { TRAFFIC_TYPES } from './traffic-types';

interface Props {
  value: TrafficType;
  onChange: (type: TrafficType) => void;
}

/** All, Requests, Notifications…: one chip at a time, combined with the text filter. Arrow keys move. */
export function TrafficTypeChips({ value, onChange }: Props) {
  const groupRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const index = TRAFFIC_TYPES.findIndex((chip) => chip.type === value);
    const next = TRAFFIC_TYPES[(index + step + TRAFFIC_TYPES.length) % TRAFFIC_TYPES.length]!;
    onChange(next.type);
    groupRef.current?.querySelector<HTMLElement>(`[data-type="${next.type}"]`)?.focus();
  };
  return (
    <div ref={groupRef} role="radiogroup" aria-label="Message types" className="traffic-chips" onKeyDown={onKeyDown}>
      {TRAFFIC_TYPES.map((chip) => (
        <button
          key={chip.type}
          type="button"
          role="radio"
          aria-checked={chip.type === value}
          tabIndex={chip.type === value ? 0 : -1}
          data-type={chip.type}
          className="traffic-chip"
          title={chip.title}
          onClick={() => onChange(chip.type)}
        >
          {chip.label}
        </button>
      ))}
    </div>
  );
}
