import { useEffect, useId, useRef, useState } from 'react';
import { IMPORT_CLIENT_NAMES, type ExportSnippet } from '../../../../shared/config-import';
import type { ServerConfig } from '../../../../shared/server-config';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { DialogHeader } from '../../ui/DialogHeader';
import { Svg } from '../../ui/icons';
import { openModal } from '../../ui/open-modal';

export const ExportIcon = () => (
  <Svg>
    <path d="M8 10V2.5M5 5.5l3-3 3 3" />
    <path d="M3 9.5v3.5h10V9.5" />
  </Svg>
);

/** The server as a config snippet for each MCP client, to copy into that client's file. */
export function ExportSnippetsDialog({ server, onClose }: { server: ServerConfig; onClose: () => void }) {
  const api = getApi();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const selectId = useId();
  const textId = useId();
  const [snippets, setSnippets] = useState<ExportSnippet[] | null>(null);
  const [client, setClient] = useState<ExportSnippet['client']>('claude-desktop');
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    openModal(dialogRef.current);
    api.invoke('config.exportSnippets', { serverId: server.id }).then(setSnippets, (failure: unknown) => setError(errorMessage(failure)));
  }, [api, server.id]);

  const snippet = snippets?.find((item) => item.client === client);
  const copy = async () => {
    if (!snippet?.text) return;
    try {
      await navigator.clipboard.writeText(snippet.text);
      setStatus(`Copied the ${IMPORT_CLIENT_NAMES[client]} snippet.`);
    } catch {
      setStatus('The clipboard is not available here: select the text and copy it.');
    }
  };

  return (
    <dialog ref={dialogRef} className="dialog export-dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="dialog__form">
        <DialogHeader titleId={titleId} onClose={() => dialogRef.current?.close()}>
            Export “{server.name}”
        </DialogHeader>
        <div className="dialog__body">
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="field">
            <label className="field__label" htmlFor={selectId}>
              Client
            </label>
            <select
              id={selectId}
              className="input"
              value={client}
              onChange={(event) => {
                setClient(event.target.value as ExportSnippet['client']);
                setStatus(null);
              }}
            >
              {(snippets ?? []).map((item) => (
                <option key={item.client} value={item.client}>
                  {IMPORT_CLIENT_NAMES[item.client]}
                </option>
              ))}
            </select>
          </div>
          {snippet && (
            <>
              <p className="field__hint">
                Goes in <code>{snippet.target}</code>. Secret values are written as the client’s variables, never as text.
              </p>
              {snippet.note && <p className="form-warning">{snippet.note}</p>}
              {snippet.text && (
                <div className="field">
                  <label className="field__label" htmlFor={textId}>
                    Snippet for {IMPORT_CLIENT_NAMES[client]}
                  </label>
                  <textarea id={textId} className="input input--mono export-dialog__text" readOnly rows={12} value={snippet.text} spellCheck={false} />
                </div>
              )}
            </>
          )}
          <p className="field__hint" role="status">
            {status}
          </p>
        </div>
        <footer className="dialog__footer">
          <button type="button" className="button" disabled={!snippet?.text} onClick={() => void copy()}>
            Copy
          </button>
          <button type="button" className="button button--primary" onClick={() => dialogRef.current?.close()}>
            Done
          </button>
        </footer>
      </div>
    </dialog>
  );
}
