import { useEffect, useState, type ReactNode } from 'react';
import { formatBytes } from '../format';
import { suggestFileName } from './binary';
import { CopyButton } from '../CopyButton';
import { SaveButton, type SavedFile } from './SaveButton';
import { JsonTreeView } from './JsonTreeView';
import { TextSegmentsView } from './TextSegmentsView';
import { useDocument } from './use-document';
import type { ViewInput } from '../../bridge/documents/document-source';

/** Raw text up to this size is one wrapped block; beyond it, virtualized rows. */
const INLINE_TEXT_BYTES = 64 * 1024;
/** Shown at once while a large text is prepared in the worker. */
const PREVIEW_CHARS = 2000;

interface Props {
  input: ViewInput;
  /** The accessible name of the view (tree, text). */
  label: string;
  /** Name for Save, without extension (one is added for the type). */
  fileBaseName: string;
  mimeType?: string;
  /** What the header says the document is, e.g. “Text”, “structuredContent”. */
  title: ReactNode;
  /** Start in raw text even when a tree is available. */
  preferRaw?: boolean;
  /** Extra header content (badges). */
  badges?: ReactNode;
  maxHeight?: number;
  /** About how large the value is (e.g. the response size): large values are prepared in the worker. */
  sizeHint?: number;
}

/**
 * A text or value with its size, a tree (when it is JSON) or raw view, copy and save. Large
 * texts are summarized at once and prepared in the document worker.
 */
export function DocumentView(props: Props) {
  const [local, setLocal] = useState(false);
  // A new document for a new input; `local` re-opens on the main thread when the worker failed.
  return <DocumentBody key={local ? 'local' : 'auto'} {...props} local={local} onRunLocally={() => setLocal(true)} />;
}

function DocumentBody({
  input,
  label,
  fileBaseName,
  mimeType,
  title,
  preferRaw,
  badges,
  maxHeight,
  sizeHint,
  local,
  onRunLocally,
}: Props & { local: boolean; onRunLocally: () => void }) {
  const source = useDocument(input, { local, ...(sizeHint !== undefined ? { sizeHint } : {}) });
  const info = source.info;
  const [mode, setMode] = useState<'tree' | 'raw'>(preferRaw ? 'raw' : 'tree');
  const view = info?.tree && mode === 'tree' ? 'tree' : 'raw';

  useEffect(() => {
    if (view === 'raw' && info && !info.raw) source.prepareRaw();
  }, [view, info, source]);

  const approximateBytes = input.kind === 'text' ? input.text.length : input.kind === 'held' ? input.held.chars : undefined;
  const bytes = info?.raw?.bytes ?? approximateBytes;
  const fileToSave = async (): Promise<SavedFile> => {
    const text = input.kind === 'text' ? input.text : await source.copyText();
    const type = mimeType ?? (input.kind === 'value' || info?.tree ? 'application/json' : 'text/plain');
    return { name: suggestFileName(fileBaseName, type), data: text, type };
  };
  // A held text the core no longer keeps has nothing to copy or save.
  const gone = input.kind === 'held' && source.error !== null;

  return (
    <div className="document">
      <div className="document__header">
        <span className="document__title">{title}</span>
        {bytes !== undefined && <span className="document__meta">{formatBytes(bytes)}</span>}
        {info?.tree && input.kind !== 'value' && <span className="content-badge">JSON</span>}
        {info?.raw && info.raw.lineCount > 1 && <span className="document__meta">{info.raw.lineCount.toLocaleString()} lines</span>}
        {badges}
        <span className="document__spacer" />
        {info?.tree && (
          <span className="view-switch" role="group" aria-label={`${label}: view`}>
            <button type="button" className="view-switch__option" aria-pressed={view === 'tree'} onClick={() => setMode('tree')}>
              Tree
            </button>
            <button type="button" className="view-switch__option" aria-pressed={view === 'raw'} onClick={() => setMode('raw')}>
              Raw
            </button>
          </span>
        )}
        {!gone && (
          <>
            <CopyButton text={() => (input.kind === 'text' ? input.text : source.copyText())} />
            <SaveButton getFile={fileToSave} />
          </>
        )}
      </div>
      {info?.parseError && <p className="content-note">{info.parseError}. Shown as text.</p>}
      {source.error && input.kind === 'held' ? (
        <div className="content-problem" role="alert">
          <p>Could not show this {formatBytes(bytes ?? 0)} text: {source.error}</p>
          <p>Loupe keeps the long texts of the newest results only. Run the tool again to see this one.</p>
        </div>
      ) : source.error ? (
        <div className="content-problem" role="alert">
          <p>Could not prepare this {formatBytes(bytes ?? 0)} document in the background: {source.error}</p>
          <button type="button" className="button button--small" onClick={onRunLocally}>
            Show it here anyway (the app may pause)
          </button>
        </div>
      ) : !info ? (
        <div className="document__preparing">
          <p className="content-note" role="status">
            Preparing a view of {formatBytes(bytes ?? 0)}… The start is shown meanwhile.
          </p>
          {input.kind !== 'value' && (
            <pre className="content-text content-text--preview">{input.kind === 'text' ? input.text.slice(0, PREVIEW_CHARS) : input.held.head}</pre>
          )}
        </div>
      ) : view === 'tree' ? (
        <JsonTreeView source={source} label={label} {...(maxHeight ? { maxHeight } : {})} />
      ) : !info.raw ? (
        <p className="content-note" role="status">
          Printing…
        </p>
      ) : source.text() !== null && info.raw.bytes <= INLINE_TEXT_BYTES ? (
        <pre className="content-text" aria-label={label} tabIndex={0} style={maxHeight ? { maxHeight } : undefined}>
          {source.text()}
        </pre>
      ) : (
        <TextSegmentsView source={source} label={label} {...(maxHeight ? { maxHeight } : {})} />
      )}
    </div>
  );
}
