import { useEffect, useState } from 'react';

/** How a button's action went, shown on the button for a moment before it reads as before. */
export function useBriefOutcome<T extends string>(): [T | 'idle', (outcome: T | 'idle') => void] {
  const [outcome, setOutcome] = useState<T | 'idle'>('idle');
  useEffect(() => {
    if (outcome === 'idle') return;
    const timer = setTimeout(() => setOutcome('idle'), 1500);
    return () => clearTimeout(timer);
  }, [outcome]);
  return [outcome, setOutcome];
}
