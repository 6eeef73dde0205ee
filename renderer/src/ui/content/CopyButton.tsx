import { copyText } from './file-actions';
import { useBriefOutcome } from './use-brief-outcome';

interface Props {
  /** What to copy; may be computed (or fetched from the document worker) on click. */
  getText(): string | Promise<string>;
  label?: string;
  className?: string;
}

/** A button that copies, then says whether it worked. */
export function CopyButton({ getText, label = 'Copy', className }: Props) {
  const [state, setState] = useBriefOutcome<'copied' | 'failed'>();
  const copy = async () => {
    try {
      setState((await copyText(await getText())) ? 'copied' : 'failed');
    } catch {
      // The text could not be had (e.g. a whole entry the core no longer holds).
      setState('failed');
    }
  };
  return (
    <button
      type="button"
      className={`button button--small ${className ?? ''}`}
      onClick={() => void copy()}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}
    </button>
  );
}
