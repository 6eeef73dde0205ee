import { useEffect, useState } from 'react';

interface Props {
  /** The accessible name, e.g. "Copy request as JSON-RPC". */
  label: string;
  /** What is copied; the button is disabled while it is not known yet. */
  text: string | undefined | (() => string);
  caption: string;
  className?: string;
}

/** Copies text to the clipboard and says so (or says why it could not) for a moment. */
export function CopyButton({ label, text, caption, className }: Props) {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), outcome.ok ? 1500 : 5000);
    return () => clearTimeout(timer);
  }, [outcome]);

  const copy = async () => {
    const value = typeof text === 'function' ? text() : text;
    if (value === undefined) return;
    try {
      await navigator.clipboard.writeText(value);
      setOutcome({ ok: true, message: 'Copied' });
    } catch (error) {
      setOutcome({ ok: false, message: `Could not copy: ${error instanceof Error ? error.message : String(error)}` });
    }
  };

  return (
    <>
      <button
        type="button"
        className={`button button--small ${className ?? ''}`}
        aria-label={label}
        title={label}
        disabled={text === undefined}
        onClick={() => void copy()}
      >
        {caption}
      </button>
      <span className={outcome && !outcome.ok ? 'field-error' : 'copy-feedback'} role="status">
        {outcome?.message ?? ''}
      </span>
    </>
  );
}
