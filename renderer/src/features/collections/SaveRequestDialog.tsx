import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { CollectionView } from '../../../../shared/collections';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { useCollectionStore } from '../../state/collections/collection-store';
import { useNoticesStore } from '../../state/notices';
import { DialogHeader } from '../../ui/DialogHeader';
import { Field } from '../../ui/Field';
import { openModal } from '../../ui/open-modal';
import { serverKeyOf } from './collection-server';
import { OpenCollectionForm } from './OpenCollectionForm';
import { useRunsStore } from './runs-store';
import { useSaveRequestStore, type CallToSave } from './save-request-store';
import { nodeAt } from './tree-rows';

/** "Save as request": a call (a tool's arguments, a traffic row) written as a request file into the open collection. */
export function SaveRequestDialog() {
  const pending = useSaveRequestStore((state) => state.pending);
  if (!pending) return null;
  return <SaveRequestForm call={pending} />;
}

function targetOf(call: CallToSave): string | undefined {
  if (call.kind === 'traffic') return call.target;
  const { action } = call;
  return 'tool' in action ? action.tool : 'resource' in action ? action.resource : action.prompt;
}

/** A file name for the request that is not taken yet: its tool, prompt or resource, in lower case. */
function freeFileName(call: CallToSave, view: CollectionView | undefined): string {
  const target = targetOf(call) ?? call.kind;
  const stem = serverKeyOf(target.split(/[/:]+/).filter(Boolean).at(-1) ?? target);
  if (!view) return `${stem}.yaml`;
  for (let index = 1; ; index++) {
    const name = index === 1 ? `${stem}.yaml` : `${stem}-${index}.yaml`;
    if (!nodeAt(view.tree, name)) return name;
  }
}

function SaveRequestForm({ call }: { call: CallToSave }) {
  const view = useCollectionStore((state) => state.view);
  const closeStore = useSaveRequestStore((state) => state.close);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    openModal(dialogRef.current);
  }, []);
  const close = () => dialogRef.current?.close();

  return (
    <dialog ref={dialogRef} className="dialog save-request" aria-labelledby={titleId} onClose={closeStore}>
      <DialogHeader titleId={titleId} onClose={close}>
        Save as request
      </DialogHeader>
      {!view ? (
        <div className="dialog__body">
          <p>No collection is open. Open or create one to save {describeCall(call)} into it.</p>
          <OpenCollectionForm />
        </div>
      ) : (
        // A collection opened from inside the dialog starts the fields again, against its tree.
        <SaveRequestFields key={view.id} call={call} view={view} onSaved={close} onCancel={close} />
      )}
    </dialog>
  );
}

function describeCall(call: CallToSave): string {
  if (call.kind === 'request') {
    const { action } = call;
    return 'tool' in action ? `the call of ${action.tool}` : 'resource' in action ? `the read of ${action.resource}` : `the prompt ${action.prompt}`;
  }
  return `traffic entry #${call.seq}${call.target ? ` (${call.method} ${call.target})` : ''}`;
}

interface FieldsProps {
  call: CallToSave;
  view: CollectionView;
  onSaved: () => void;
  onCancel: () => void;
}

function SaveRequestFields({ call, view, onSaved, onCancel }: FieldsProps) {
  const [path, setPath] = useState(() => freeFileName(call, view));
  const [name, setName] = useState('');
  const [server, setServer] = useState(() => view.servers[0]?.key ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const trimmed = path.trim();
  const exists = nodeAt(view.tree, trimmed) !== undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!/\.ya?ml$/i.test(trimmed)) {
      setError('The file name must end in .yaml.');
      return;
    }
    setSaving(true);
    setError(null);
    // With one server in the collection, a request may leave it out (and keeps working if it is renamed).
    const serverField = view.servers.length > 1 && server ? { server } : {};
    const nameField = name.trim() ? { name: name.trim() } : {};
    try {
      const api = getApi();
      if (call.kind === 'request') {
        const request = { ...nameField, ...serverField, ...call.action, checks: [{ outcome: 'success' }] };
        await api.invoke('collections.saveRequest', { collectionId: view.id, path: trimmed, request });
      } else {
        await api.invoke('collections.saveFromTraffic', { collectionId: view.id, path: trimmed, seq: call.seq, ...nameField, ...serverField });
      }
      useRunsStore.getState().select(trimmed);
      useNoticesStore.getState().addLocal('info', `Saved ${trimmed} in the collection “${view.name}”.`);
      onSaved();
    } catch (failure) {
      setError(errorMessage(failure));
      setSaving(false);
    }
  };

  return (
    <form className="dialog__form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="dialog__body">
        <p>
          Saves {describeCall(call)} with a check that it succeeds into <strong>{view.name}</strong> (<code>{view.dir}</code>).
        </p>
        <Field label="File" error={error ?? undefined} hint={exists ? `${trimmed} exists: saving replaces its request (its comments stay).` : 'Relative to the collection folder; folders are made as needed.'}>
          {(props) => <input {...props} className="input input--mono" value={path} spellCheck={false} onChange={(event) => setPath(event.target.value)} />}
        </Field>
        <Field label="Name (optional)">
          {(props) => <input {...props} className="input" value={name} placeholder="e.g. Echo says hello" onChange={(event) => setName(event.target.value)} />}
        </Field>
        {view.servers.length > 1 && (
          <Field label="Collection server">
            {(props) => (
              <select {...props} className="input" value={server} onChange={(event) => setServer(event.target.value)}>
                {view.servers.map((option) => (
                  <option key={option.key} value={option.key}>
                    {option.key} ({option.target})
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {view.servers.length === 0 && (
          <p className="form-warning" role="note">
            This collection names no server yet: add one under <code>servers:</code> in collection.yaml before running the request.
          </p>
        )}
      </div>
      <footer className="dialog__footer">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={saving || !trimmed}>
          Save request
        </button>
      </footer>
    </form>
  );
}
