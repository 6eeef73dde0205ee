import { useMemo, useState } from 'react';
import { formatBytes } from './format';
import { prettyJson } from './json';

/** Above this many characters only the start is rendered until the user asks for all of it. */
const DISPLAY_LIMIT = 300_000;

interface Props {
  /** A value to pretty-print, or plain text (stderr lines, previews) when `text` is given. */
  value?: unknown;
  text?: string;
  label: string;
  className?: string;
}

/** Formatted JSON (or raw text) as plain text: never HTML. Huge values render their start first. */
export function JsonText({ value, text, label, className }: Props) {
  const content = useMemo(() => text ?? prettyJson(value), [text, value]);
  const [showAll, setShowAll] = useState(false);
  const clipped = !showAll && content.length > DISPLAY_LIMIT;
  return (
    <div className={`json-text ${className ?? ''}`}>
      <pre tabIndex={0} aria-label={label} className="json-text__pre">
        {clipped ? content.slice(0, DISPLAY_LIMIT) : content}
      </pre>
      {clipped && (
        <p className="json-text__clipped">
          Showing the first {formatBytes(DISPLAY_LIMIT)} of about {formatBytes(content.length)}.{' '}
          <button type="button" className="link-button" onClick={() => setShowAll(true)}>
            Show all
          </button>
        </p>
      )}
    </div>
  );
}
