import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { JsonObject } from '../../../../shared/mcp';
import { errorMessage } from '../../bridge/bridge-error';
import { DialogHeader } from '../../ui/DialogHeader';
import { parseJsonObject } from '../../ui/json';
import { openModal } from '../../ui/open-modal';
import { JsonEditor } from '../../ui/schema-form/JsonEditor';

interface Props {
  seq: number;
  method: string;
  /** The original params, pretty-printed. */
  initialParams: string;
  /** Sends the edited request; rejects with a message to show. */
  onSend: (params: JsonObject) => Promise<void>;
  onClose: () => void;
}

/** Edit and replay: the request's params in the JSON editor, sent again as a new request. */
export function ReplayEditor({ seq, method, initialParams, onSend, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const errorId = useId();
  const [text, setText] = useState(initialParams);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    openModal(dialogRef.current);
  }, []);

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const params = parseJsonObject(text, 'params', { plural: true });
    if (!params.ok) {
      setProblem(params.problem);
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      await onSend(params.value);
      dialogRef.current?.close();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <dialog ref={dialogRef} className="dialog replay-editor" aria-labelledby={titleId} onClose={onClose}>
      <form className="dialog__form" noValidate onSubmit={(event) => void send(event)}>
        <DialogHeader titleId={titleId} onClose={() => dialogRef.current?.close()}>
            Edit and replay #{seq} · {method}
        </DialogHeader>
        <div className="dialog__body">
          <p className="muted">The params go out as a new {method} request on the server&apos;s current connection. The new row links back to #{seq}.</p>
          <JsonEditor value={text} onChange={setText} label="Params" onSubmit={() => void send()} {...(problem ? { describedBy: errorId } : {})} />
          {problem && (
            <p id={errorId} className="field-error" role="alert">
              {problem}
            </p>
          )}
        </div>
        <footer className="dialog__footer">
          <button type="button" className="button" onClick={() => dialogRef.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? 'Sending…' : 'Send'}
          </button>
        </footer>
      </form>
    </dialog>
  );
}
