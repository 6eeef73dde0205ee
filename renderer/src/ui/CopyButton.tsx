import { useEffect, useState } from 'react';
import { copyText } from './content/file-actions';

interface Props {
  /**
   * What is copied: the text, or a function that computes (or fetches) it on click. The button
   * is disabled while it is undefined (not known yet, or nothing to copy).
   */
  text: string | undefined | (() => string | Promise<string>);
  /** What the button says. */
  caption?: string;
  /** The accessible name, when the caption alone does not say what is copied (e.g. "Copy request as JSON-RPC"). */
  label?: string;
  className?: string;
}

/** The one copy button: copies, then says for a moment that it did (or why it could not), in a status line beside it. */
export function CopyButton({ text, caption = 'Copy', label, className }: Props) {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), outcome.ok ? 1500 : 5000);
    return () => clearTimeout(timer);
  }, [outcome]);

  const copy = async () => {
    if (text === undefined) return;
    try {
      const value = typeof text === 'function' ? await text() : text;
      setOutcome((await copyText(value)) ? { ok: true, message: 'Copied' } : { ok: false, message: 'Could not copy: the clipboard refused.' });
    } catch (error) {
      // The text could not be had (e.g. a whole entry the core no longer holds).
      setOutcome({ ok: false, message: `Could not copy: ${error instanceof Error ? error.message : String(error)}` });
    }
  };

  return (
    <>
      <button
        type="button"
        className={`button button--small ${className ?? ''}`}
        {...(label ? { 'aria-label': label, title: label } : {})}
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
