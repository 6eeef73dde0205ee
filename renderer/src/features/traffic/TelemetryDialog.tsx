import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TelemetryConfig, TelemetryStatus } from '../../../../shared/telemetry';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { DialogHeader } from '../../ui/DialogHeader';
import { Field } from '../../ui/Field';
import { plural } from '../../ui/format';
import { CloseIcon, PlusIcon } from '../../ui/icons';
import { openModal } from '../../ui/open-modal';

/** How often the open dialog asks for the sent and failed counts. */
const STATUS_EVERY_MS = 1000;

interface HeaderRow {
  rowId: number;
  name: string;
  value: string;
  /** Its saved value is in the keychain: left empty, it is kept. */
  kept: boolean;
  /** Kept in the keychain and never shown again; on unless the person says the value is not secret. */
  secret: boolean;
}

let nextRowId = 0;
const row = (name = '', value = '', kept = false, secret = true): HeaderRow => ({ rowId: nextRowId++, name, value, kept, secret });

/** An HTTP header name (RFC 9110's token). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The first header row whose name cannot be sent, in one sentence. */
function headerProblem(rows: readonly HeaderRow[]): string | undefined {
  const index = rows.findIndex((header) => header.name.trim() !== '' && !HEADER_NAME.test(header.name.trim()));
  return index < 0 ? undefined : `Header ${index + 1}’s name “${rows[index]!.name.trim()}” is not an HTTP header name (it may not hold spaces, colons or quotes).`;
}

/** The rows as `telemetry.configure` takes them: typed values, and the saved secrets left as they are (rows without a value are left out). */
function headersOf(rows: readonly HeaderRow[]): Pick<TelemetryConfig, 'headers' | 'keepHeaders' | 'plainHeaders'> {
  const named = rows.filter((header) => header.name.trim() !== '');
  const typed = named.filter((header) => header.value !== '');
  return {
    headers: Object.fromEntries(typed.map((header) => [header.name.trim(), header.value])),
    keepHeaders: named.filter((header) => header.value === '' && header.kept).map((header) => header.name.trim()),
    plainHeaders: typed.filter((header) => !header.secret).map((header) => header.name.trim()),
  };
}

function StatusLine({ status }: { status: TelemetryStatus }) {
  return (
    <div className="telemetry-status" role="status" aria-label="Export status">
      <p>
        {status.endpoint ? `Sending to ${status.endpoint}: ` : 'Export is off. '}
        {plural(status.exported, 'span')} sent, {status.failed.toLocaleString()} failed.
      </p>
      {status.lastError && <p className="telemetry-status__error">{status.lastError}</p>}
    </div>
  );
}

/**
 * Where OpenTelemetry traces of MCP calls go: an OTLP/HTTP collector (Jaeger, Tempo, Honeycomb…),
 * its headers (values are secret unless the person says not: kept in the keychain and never shown again), on or off,
 * and what the exporter has sent.
 */
export function TelemetryDialog({ onClose }: { onClose: () => void }) {
  const api = getApi();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [status, setStatus] = useState<TelemetryStatus | null>(null);
  const [endpoint, setEndpoint] = useState('');
  // The live state: off until the status says spans are going somewhere.
  const [on, setOn] = useState(false);
  /** Nothing is saved and the person has not touched the switch: typing an endpoint turns it on. */
  const [autoOn, setAutoOn] = useState(false);
  const [rows, setRows] = useState<HeaderRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [savedNote, setSavedNote] = useState<string | null>(null);

  useEffect(() => {
    openModal(dialogRef.current);
    let first = true;
    const refresh = () =>
      api.invoke('telemetry.status').then(
        (next) => {
          setStatus(next);
          if (!first) return;
          first = false;
          const saved = next.saved;
          setEndpoint(next.endpoint ?? saved?.endpoint ?? '');
          setOn(next.endpoint !== null);
          setAutoOn(!saved);
          setRows(saved?.headers.map((header) => row(header.name, header.value ?? '', header.value === undefined, header.value === undefined)) ?? []);
        },
        (failure: unknown) => setError(errorMessage(failure)),
      );
    void refresh();
    const timer = window.setInterval(() => void refresh(), STATUS_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [api]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSavedNote(null);
    const url = endpoint.trim();
    if (on && !/^https?:\/\/\S+$/i.test(url)) {
      setError('The endpoint must be an http(s) URL, e.g. http://localhost:4318/v1/traces.');
      return;
    }
    const problem = headerProblem(rows);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      let next: TelemetryStatus | undefined;
      if (url !== '') next = await api.invoke('telemetry.configure', { endpoint: url, ...headersOf(rows), remember: true });
      if (!on) next = await api.invoke('telemetry.configure', { endpoint: null, remember: true });
      if (next) setStatus(next);
      setRows((current) => current.filter((header) => header.name.trim() !== '').map((header) => (header.secret || header.kept ? { ...header, value: '', kept: true } : header)));
      setAutoOn(false);
      setSavedNote(on ? 'Saved: spans go to the collector from now on, and after a restart.' : 'Saved: export is off.');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const update = (rowId: number, patch: Partial<HeaderRow>) => setRows((current) => current.map((header) => (header.rowId === rowId ? { ...header, ...patch } : header)));

  return (
    <dialog ref={dialogRef} className="dialog telemetry-dialog" aria-labelledby={titleId} onClose={onClose}>
      <form className="dialog__form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogHeader titleId={titleId} onClose={() => dialogRef.current?.close()}>
          OpenTelemetry traces
        </DialogHeader>
        <div className="dialog__body">
          <p className="telemetry-dialog__intro">One span per MCP request (server, method, tool, status, sizes), sent over OTLP/HTTP to Jaeger, Tempo, Honeycomb or any collector.</p>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <label className="telemetry-dialog__switch">
            <input
              type="checkbox"
              checked={on}
              onChange={(event) => {
                setOn(event.target.checked);
                setAutoOn(false);
              }}
            />
            Send traces
          </label>
          <Field label="OTLP/HTTP traces endpoint" hint="Usually ends in /v1/traces; port 4318 on a local collector.">
            {(props) => (
              <input {...props} className="input input--mono" value={endpoint} spellCheck={false} autoComplete="off" placeholder="http://localhost:4318/v1/traces"
                onChange={(event) => {
                  setEndpoint(event.target.value);
                  if (autoOn && event.target.value.trim() !== '') setOn(true);
                }} />
            )}
          </Field>
          <fieldset className="kv">
            <legend className="kv__legend">Headers</legend>
            {rows.length > 0 && (
              <ul className="kv__rows">
                {rows.map((header, index) => (
                  <li key={header.rowId} className="kv__row">
                    <input className="input input--mono kv__key" aria-label={`Header ${index + 1} name`} placeholder="x-honeycomb-team" value={header.name} spellCheck={false} autoComplete="off"
                      onChange={(event) => update(header.rowId, { name: event.target.value, kept: false })} />
                    <input className="input input--mono kv__value" aria-label={`Header ${index + 1} value`} value={header.value} spellCheck={false} autoComplete="off"
                      type={header.secret ? 'password' : 'text'}
                      placeholder={header.kept ? 'In the keychain; type to replace' : 'value'}
                      onChange={(event) => update(header.rowId, { value: event.target.value })} />
                    <label className="kv__secret" title="Secret values are kept in the keychain and not shown again">
                      <input type="checkbox" checked={header.secret} aria-label={`Header ${index + 1} is secret`} onChange={(event) => update(header.rowId, { secret: event.target.checked })} />
                      <span aria-hidden="true">Secret</span>
                    </label>
                    <button type="button" className="icon-button" aria-label={`Remove header ${index + 1}`} title="Remove header" onClick={() => setRows((current) => current.filter((other) => other.rowId !== header.rowId))}>
                      <CloseIcon />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <button type="button" className="button button--subtle button--small" onClick={() => setRows((current) => [...current, row()])}>
              <PlusIcon /> Add header
            </button>
            <p className="field__hint">Values are secret unless you untick Secret: kept in the keychain, never in a file, and not shown again.</p>
          </fieldset>
          {status && <StatusLine status={status} />}
          {savedNote && <p className="telemetry-dialog__saved">{savedNote}</p>}
        </div>
        <footer className="dialog__footer">
          <button type="button" className="button" onClick={() => dialogRef.current?.close()}>
            Done
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </footer>
      </form>
    </dialog>
  );
}
