import { useState, type KeyboardEvent } from 'react';
import { DEFAULT_INTERCEPT_TIMEOUT_MS } from '../../../../shared/proxy';

/** The contract's bounds for a rule's pause timeout (proxy.intercept.rules): 1 s to 1 h. */
export const MIN_TIMEOUT_S = 1;
export const MAX_TIMEOUT_S = 3600;
export const DEFAULT_TIMEOUT_S = DEFAULT_INTERCEPT_TIMEOUT_MS / 1000;

/** Whole seconds within the bounds, or a sentence saying what is wrong. */
export function timeoutSeconds(text: string): { ok: true; seconds: number } | { ok: false; problem: string } {
  const seconds = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(seconds) || seconds < MIN_TIMEOUT_S || seconds > MAX_TIMEOUT_S) {
    return { ok: false, problem: `A pause timeout is a whole number of seconds from ${MIN_TIMEOUT_S} to ${MAX_TIMEOUT_S}.` };
  }
  return { ok: true, seconds };
}

/**
 * A rule's pause timeout in seconds, after which a paused message goes on as it is. Edited in
 * place: the change is saved when the field is left or Enter is pressed, and only when it is valid.
 */
export function RuleTimeoutInput({ label, seconds, disabled, onSave }: { label: string; seconds: number; disabled: boolean; onSave: (seconds: number) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? String(seconds);
  const commit = () => {
    if (draft === null) return;
    const parsed = timeoutSeconds(draft);
    setDraft(null);
    if (parsed.ok && parsed.seconds !== seconds) onSave(parsed.seconds);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape' && draft !== null) {
      event.preventDefault();
      setDraft(null);
    }
  };
  return (
    <label className="intercept-rule__timeout" title="A paused message goes on as it is after this long, with a note in the record">
      waits
      <input
        type="number"
        className="input input--small intercept-rule__seconds"
        aria-label={label}
        aria-invalid={draft !== null && !timeoutSeconds(draft).ok}
        min={MIN_TIMEOUT_S}
        max={MAX_TIMEOUT_S}
        step={1}
        value={shown}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      s
    </label>
  );
}
