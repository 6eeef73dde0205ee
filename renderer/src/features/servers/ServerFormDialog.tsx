import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AuthSecretName } from '../../../../shared/auth';
import type { TransportType } from '../../../../shared/server-config';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { Field } from '../../ui/Field';
import { DialogHeader } from '../../ui/DialogHeader';
import { openModal } from '../../ui/open-modal';
import { CommandField } from './CommandField';
import { AuthSettingsFields } from './AuthSettingsFields';
import { KeyValueRows } from './KeyValueRows';
import { ProtocolEraField } from './ProtocolEraField';
import { ClientEmulationField } from './ClientEmulationField';
import { draftFromConfig, draftToInput, validateDraft, type DraftErrors, type ServerDraft } from './server-draft';
import { findServer, useServersStore, type ServerEditor } from '../../state/servers';
import { TRANSPORT_NAMES } from './transport-label';
import { ProposalNote } from './ProposalNote';

const TRANSPORTS: TransportType[] = ['stdio', 'streamable-http', 'sse'];

/** The add/edit server form, in a native modal `<dialog>` (focus containment and Escape for free). */
export function ServerFormDialog() {
  const editor = useServersStore((state) => state.editor);
  if (!editor) return null;
  return <ServerForm key={editor.mode === 'edit' ? editor.serverId : 'add'} editor={editor} />;
}

function ServerForm({ editor }: { editor: ServerEditor }) {
  const api = getApi();
  const existing = useServersStore((state) =>
    editor.mode === 'edit' ? findServer(state.servers, editor.serverId) : undefined,
  );
  const closeEditor = useServersStore((state) => state.closeEditor);
  const select = useServersStore((state) => state.select);
  const proposal = editor.mode === 'add' ? editor.proposal : undefined;
  const [draft, setDraft] = useState<ServerDraft>(() => draftFromConfig(existing ?? (proposal ? { id: '', ...proposal } : undefined)));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [validated, setValidated] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [authSecrets, setAuthSecrets] = useState<Partial<Record<AuthSecretName, string>>>({});
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    openModal(dialogRef.current);
  }, []);

  const close = () => dialogRef.current?.close();

  const update = (patch: Partial<ServerDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    // Once the user has tried to save, keep the errors live so they disappear as they are fixed.
    if (validated) setErrors(validateDraft(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const found = validateDraft(draft);
    setErrors(found);
    setValidated(true);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => dialogRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSaving(true);
    setSubmitError(null);
    try {
      const input = draftToInput(draft);
      const saved =
        editor.mode === 'add'
          ? await api.invoke('servers.add', input)
          : await api.invoke('servers.update', { id: editor.serverId, config: input });
      if (saved.transport.type !== 'stdio') {
        for (const [name, secret] of Object.entries(authSecrets) as Array<[AuthSecretName, string]>) {
          if (secret !== '') await api.invoke('auth.setSecret', { serverId: saved.id, name, secret });
        }
      }
      select(saved.id);
      close();
    } catch (error) {
      setSubmitError(errorMessage(error));
      setSaving(false);
    }
  };

  const title = editor.mode === 'add' ? 'Add server' : `Edit “${existing?.name ?? 'server'}”`;

  return (
    <dialog ref={dialogRef} className="dialog server-form" aria-labelledby={titleId} onClose={closeEditor}>
      <form className="dialog__form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogHeader titleId={titleId} onClose={close}>
          {title}
        </DialogHeader>

        <div className="dialog__body">
          {proposal && <ProposalNote proposal={proposal} />}
          {submitError && (
            <p className="form-error" role="alert">
              {submitError}
            </p>
          )}

          <Field label="Name" error={errors.name}>
            {(props) => (
              <input
                {...props}
                className="input"
                value={draft.name}
                autoComplete="off"
                onChange={(event) => update({ name: event.target.value })}
              />
            )}
          </Field>

          <fieldset className="segmented">
            <legend className="field__label">Transport</legend>
            <div className="segmented__options">
              {TRANSPORTS.map((transport) => (
                <label key={transport} className="segmented__option">
                  <input
                    type="radio"
                    name="transport"
                    value={transport}
                    checked={draft.transport === transport}
                    onChange={() => update({ transport })}
                  />
                  <span>{TRANSPORT_NAMES[transport]}</span>
                </label>
              ))}
            </div>
          </fieldset>

          {draft.transport === 'stdio' ? (
            <>
              <CommandField draft={draft} error={errors.command} onChange={update} />
              <Field label="Command arguments" hint="One argument per line.">
                {(props) => (
                  <textarea
                    {...props}
                    className="input input--mono"
                    rows={3}
                    value={draft.argsText}
                    spellCheck={false}
                    placeholder={'-y\n@modelcontextprotocol/server-everything'}
                    onChange={(event) => update({ argsText: event.target.value })}
                  />
                )}
              </Field>
              <KeyValueRows
                legend="Environment variables"
                itemName="Variable"
                field="env"
                rows={draft.env}
                errors={errors}
                keyPlaceholder="NAME"
                valuePlaceholder="value"
                onChange={(env) => update({ env })}
              />
              <Field label="Working directory" hint="Optional. Defaults to Loupe’s own working directory.">
                {(props) => (
                  <input
                    {...props}
                    className="input input--mono"
                    value={draft.cwd}
                    spellCheck={false}
                    autoComplete="off"
                    onChange={(event) => update({ cwd: event.target.value })}
                  />
                )}
              </Field>
            </>
          ) : (
            <>
              <Field label="URL" error={errors.url}>
                {(props) => (
                  <input
                    {...props}
                    className="input input--mono"
                    type="url"
                    value={draft.url}
                    spellCheck={false}
                    autoComplete="off"
                    placeholder={draft.transport === 'sse' ? 'http://localhost:3001/sse' : 'http://localhost:3001/mcp'}
                    onChange={(event) => update({ url: event.target.value })}
                  />
                )}
              </Field>
              <KeyValueRows
                legend="Headers"
                itemName="Header"
                field="headers"
                rows={draft.headers}
                errors={errors}
                keyPlaceholder="Authorization"
                valuePlaceholder="Bearer …"
                onChange={(headers) => update({ headers })}
              />
              <AuthSettingsFields
                settings={draft.preserved.auth}
                onChange={(auth) => {
                  const { auth: _previous, ...rest } = draft.preserved;
                  update({ preserved: auth ? { ...rest, auth } : rest });
                }}
                secrets={authSecrets}
                onSecret={(name, value) => setAuthSecrets({ ...authSecrets, [name]: value })}
              />
            </>
          )}
          <ProtocolEraField era={draft.era} onChange={(era) => update({ era })} />
          <ClientEmulationField client={draft.client} errors={errors} onChange={(client) => update({ client })} />
          <CallTimeoutsFields draft={draft} errors={errors} onChange={update} />
          {editor.mode === 'edit' && (
            <p className="field__hint">Connection changes apply the next time the server connects; timeouts apply to the next call.</p>
          )}
        </div>

        <footer className="dialog__footer">
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </footer>
      </form>
    </dialog>
  );
}

/** The server's default call timeouts; the Tools tab can override them for one tool. */
function CallTimeoutsFields({ draft, errors, onChange }: { draft: ServerDraft; errors: DraftErrors; onChange: (patch: Partial<ServerDraft>) => void }) {
  return (
    <fieldset className="kv">
      <legend className="kv__legend">Timeouts</legend>
      {/* Inline layout: the servers stylesheet belongs to another part of the app. */}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 10, width: '100%' }}>
        <Field label="Timeout (seconds)" error={errors.timeoutSeconds} hint="How long a call may wait for its reply.">
          {(props) => (
            <input
              {...props}
              className="input"
              inputMode="decimal"
              value={draft.timeoutSeconds}
              onChange={(event) => onChange({ timeoutSeconds: event.target.value })}
            />
          )}
        </Field>
        <Field label="Maximum total (seconds)" error={errors.maxTotalSeconds} hint="A ceiling that progress cannot extend.">
          {(props) => (
            <input
              {...props}
              className="input"
              inputMode="decimal"
              value={draft.maxTotalSeconds}
              onChange={(event) => onChange({ maxTotalSeconds: event.target.value })}
            />
          )}
        </Field>
        <Field label="Connect within (seconds)" error={errors.connectSeconds} hint="How long connecting (the probe and initialize) may take.">
          {(props) => (
            <input
              {...props}
              className="input"
              inputMode="decimal"
              value={draft.connectSeconds}
              onChange={(event) => onChange({ connectSeconds: event.target.value })}
            />
          )}
        </Field>
      </div>
      <label className="kv__secret">
        <input
          type="checkbox"
          checked={draft.resetTimeoutOnProgress}
          onChange={(event) => onChange({ resetTimeoutOnProgress: event.target.checked })}
        />
        Each progress notification restarts the timeout
      </label>
    </fieldset>
  );
}
