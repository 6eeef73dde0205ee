import { forwardRef, useEffect, useRef, useState } from 'react';
import type { TrafficEntry } from '../../../../shared/traffic';
import { errorMessage } from '../../bridge/bridge-error';
import { formatBytes, formatClockTime } from '../../ui/format';
import { JsonText } from '../../ui/JsonText';
import { JsonTreeView } from '../../ui/content/JsonTreeView';
import { useDocument } from '../../ui/content/use-document';
import '../../ui/content/content.css';
import type { CompactTrafficLog } from '../../state/traffic/compact-traffic-log';
import { CopyButton } from '../../ui/CopyButton';
import { useElementHeight } from './use-element-height';

/** Room left under the tree for its actions (two lines when the pane is narrow). */
const TREE_ACTIONS_HEIGHT = 60;
/** Shown while a large message is prepared in the document worker. */
const PREVIEW_CHARS = 2000;

type Whole = { seq: number; text?: string; error?: string };

interface Props {
  log: CompactTrafficLog;
  position: number;
  title: string;
  /** Fetches a message too large to have arrived inline; absent for imported sessions. */
  fetchWhole?: (seq: number) => Promise<TrafficEntry | null>;
  jump?: { label: string; onJump: () => void };
}

/** One message of a row: header with size and time, a JSON tree or the raw text, Copy as JSON-RPC. */
export const MessagePane = forwardRef<HTMLElement, Props>(function MessagePane({ log, position, title, fetchWhole, jump }, ref) {
  const seq = log.seq(position);
  // A line past the size limit has only its start anywhere: there is nothing more to fetch.
  const problem = log.problem(position);
  const truncated = log.isTruncated(position) && problem === undefined;
  const isMessage = log.hasMessage(position) || truncated;
  const inlineText = log.text(position);
  const [whole, setWhole] = useState<Whole | null>(null);
  const [mode, setMode] = useState<'tree' | 'raw'>('tree');
  const bodyRef = useRef<HTMLDivElement>(null);
  const bodyHeight = useElementHeight(bodyRef);

  useEffect(() => {
    if (!truncated || !fetchWhole) return;
    let current = true;
    fetchWhole(seq).then(
      (entry) => {
        if (!current) return;
        if (!entry) setWhole({ seq, error: 'The core no longer keeps this message.' });
        else setWhole({ seq, text: entry.message === undefined ? (entry.text ?? '') : (entry.raw ?? JSON.stringify(entry.message)) });
      },
      (error: unknown) => {
        if (current) setWhole({ seq, error: errorMessage(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [seq, truncated, fetchWhole]);

  const fetched = whole?.seq === seq ? whole : null;
  const fullText = truncated ? fetched?.text : inlineText;
  const direction = log.isIncoming(position) ? '← received' : '→ sent';
  const rawLabel = `${title} ${isMessage ? 'raw text' : 'text'}`;

  return (
    <section ref={ref} className="message-pane" aria-label={title} tabIndex={-1}>
      <header className="message-pane__header">
        <div className="message-pane__line">
          <h3 className="message-pane__title">{title}</h3>
          <span className="message-pane__meta" title={`${direction} ${formatClockTime(log.time(position))}`}>
            #{seq} · {formatBytes(log.size(position))} · {formatClockTime(log.time(position))}
          </span>
          {jump && (
            <button type="button" className="link-button message-pane__jump" onClick={jump.onJump}>
              {jump.label}
            </button>
          )}
        </div>
        {isMessage && (
          <div className="message-pane__line">
            <span className="mode-switch" role="group" aria-label={`${title} view`}>
              {(['tree', 'raw'] as const).map((value) => (
                <button
                  key={value}
                  type="button"
                  className={`mode-switch__option ${mode === value ? 'mode-switch__option--on' : ''}`}
                  aria-pressed={mode === value}
                  onClick={() => setMode(value)}
                >
                  {value === 'tree' ? 'Tree' : 'Raw'}
                </button>
              ))}
            </span>
            <CopyButton label={`Copy ${title.toLowerCase()} as JSON-RPC`} text={fullText} caption="Copy as JSON-RPC" />
          </div>
        )}
      </header>
      <div ref={bodyRef} className="message-pane__body">
        {problem && (
          <p className="field-error" role="note">
            {problem}
          </p>
        )}
        {fullText === undefined ? (
          <>
            <p className={fetched?.error ? 'field-error' : 'muted'} role={fetched?.error ? 'alert' : undefined}>
              {fetched?.error ??
                (fetchWhole
                  ? `Loading the whole message (${formatBytes(log.size(position))})…`
                  : `Only the start of this ${formatBytes(log.size(position))} message was exported.`)}
            </p>
            <JsonText key={seq} text={inlineText} label={`${title} preview`} />
          </>
        ) : isMessage && mode === 'tree' ? (
          <MessageTree key={`${seq}-${fullText.length}`} text={fullText} size={log.size(position)} label={`${title} JSON tree`} height={bodyHeight} onRaw={() => setMode('raw')} />
        ) : (
          <JsonText key={`${seq}-raw`} text={fullText} label={rawLabel} />
        )}
      </div>
    </section>
  );
});

interface TreeProps {
  text: string;
  size: number;
  label: string;
  /** The space the tree may fill, in pixels. */
  height: number;
  onRaw: () => void;
}

/** The message as a collapsible tree (large ones are prepared in the document worker). */
function MessageTree({ text, size, label, height, onRaw }: TreeProps) {
  const source = useDocument({ kind: 'text', text }, { sizeHint: size });
  const info = source.info;
  if (source.error) {
    return (
      <p className="field-error" role="alert">
        Could not prepare a tree of this message: {source.error}.{' '}
        <button type="button" className="link-button" onClick={onRaw}>
          Show the raw text
        </button>
      </p>
    );
  }
  if (!info) {
    return (
      <>
        <p className="muted" role="status">
          Preparing a tree of {formatBytes(size)}… The start is shown meanwhile.
        </p>
        <JsonText text={text.slice(0, PREVIEW_CHARS)} label={`${label} preview`} />
      </>
    );
  }
  if (!info.tree) return <JsonText text={text} label={label} />;
  const repeated = info.duplicateKeys;
  return (
    <>
      {repeated && (
        <p className="field-warning" role="note">
          The message gives {repeated.length === 1 ? 'the key' : 'the keys'} {repeated.map((key) => `“${key}”`).join(', ')} more than once in one object: the
          tree shows the last value,{' '}
          <button type="button" className="link-button" onClick={onRaw}>
            the raw text
          </button>{' '}
          shows each as sent.
        </p>
      )}
      <JsonTreeView source={source} label={label} maxHeight={Math.max(120, height - TREE_ACTIONS_HEIGHT)} />
    </>
  );
}
