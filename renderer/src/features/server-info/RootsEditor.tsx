import { useState, type FormEvent } from 'react';
import type { ServerConfig } from '../../../../shared/server-config';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { PlusIcon, TrashIcon } from '../../ui/icons';
import { DeprecatedTag } from '../../ui/DeprecatedTag';
import { checkRoots, newRootRow, pathToFileUri, rootsChanged, rowsFromRoots, type RootRow } from './roots-draft';

interface Props {
  server: ServerConfig;
  connected: boolean;
  /** The connection speaks 2026-07-28, where roots are deprecated and asked for in input_required results. */
  modern?: boolean;
}

/**
 * The folders this server may work in, answered to its `roots/list`. Saving stores them with the
 * server and, while connected, sends `notifications/roots/list_changed`.
 * The parent re-mounts it (by key) for another server.
 */
export function RootsEditor({ server, connected, modern = false }: Props) {
  const api = getApi();
  const [rows, setRows] = useState<RootRow[]>(() => rowsFromRoots(server.roots));
  const [path, setPath] = useState('');
  const [pathError, setPathError] = useState<string | null>(null);
  const [shownErrors, setShownErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [open, setOpen] = useState(() => (server.roots?.length ?? 0) > 0);
  const check = checkRoots(rows);
  // A row that cannot be saved is a change too: Save then says what is wrong with it.
  const dirty = rootsChanged(rows, server.roots) || Object.keys(check.errors).length > 0;
  const savedCount = server.roots?.length ?? 0;

  const update = (key: string, patch: Partial<RootRow>) => {
    setRows(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setStatus(null);
    if (shownErrors[key]) {
      const rest = { ...shownErrors };
      delete rest[key];
      setShownErrors(rest);
    }
  };

  const addPath = () => {
    const uri = pathToFileUri(path);
    if (!uri) {
      setPathError('Enter an absolute path, like /home/me/project or C:\\Users\\me\\project.');
      return;
    }
    setPathError(null);
    const name = path.trim().split(/[\\/]/).filter(Boolean).pop() ?? '';
    setRows([...rows.filter((row) => row.uri.trim() !== '' || row.name.trim() !== ''), newRootRow(uri, name)]);
    setPath('');
    setStatus(null);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setShownErrors(check.errors);
    if (Object.keys(check.errors).length > 0) return;
    setSaving(true);
    setStatus(null);
    try {
      await api.invoke('roots.set', { serverId: server.id, roots: check.roots });
      setStatus({
        ok: true,
        text: `Saved ${check.roots.length} ${check.roots.length === 1 ? 'root' : 'roots'}${connected ? ' and told the server (roots/list_changed).' : '.'}`,
      });
    } catch (error) {
      setStatus({ ok: false, text: `The roots were not saved: ${errorMessage(error)}` });
    } finally {
      setSaving(false);
    }
  };

  return (
    <details className="roots" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="roots__summary">
        Roots ({savedCount}){modern && <DeprecatedTag feature="Roots" />}
        {savedCount > 0 && <span className="roots__preview mono">{server.roots!.map((root) => root.uri).join(' · ')}</span>}
      </summary>
      <form className="roots__form" aria-label="Roots" onSubmit={(event) => void save(event)} noValidate>
        <p className="field__hint">
          {modern
            ? 'Answered when the server asks for roots in an input_required result: the folders it may work in.'
            : 'Answered to the server’s roots/list: the folders it may work in. Saving keeps them with this server'}
          {modern ? '' : connected ? ' and sends notifications/roots/list_changed.' : '; the server learns of them when it connects.'}
        </p>
        {rows.length > 0 && (
          <ul className="roots__rows">
            {rows.map((row, index) => {
              const error = shownErrors[row.key];
              const warning = check.warnings[row.key];
              return (
                <li key={row.key} className="roots__row">
                  <input
                    className="input input--small input--mono"
                    aria-label={`Root ${index + 1} URI`}
                    placeholder="file:///path/to/folder"
                    value={row.uri}
                    aria-invalid={error ? true : undefined}
                    onChange={(event) => update(row.key, { uri: event.target.value })}
                  />
                  <input
                    className="input input--small"
                    aria-label={`Root ${index + 1} name`}
                    placeholder="Name (optional)"
                    value={row.name}
                    onChange={(event) => update(row.key, { name: event.target.value })}
                  />
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Remove root ${index + 1}`}
                    title="Remove root"
                    onClick={() => setRows(rows.filter((candidate) => candidate.key !== row.key))}
                  >
                    <TrashIcon />
                  </button>
                  {(error ?? warning) && <p className={`roots__message ${error ? 'field-error' : 'field__hint'}`}>{error ?? warning}</p>}
                </li>
              );
            })}
          </ul>
        )}
        <div className="roots__actions">
          <button type="button" className="button button--small" onClick={() => setRows([...rows, newRootRow()])}>
            <PlusIcon /> Add root
          </button>
          <span className="roots__path">
            <input
              className="input input--small input--mono"
              aria-label="Folder path"
              placeholder="/absolute/path/to/folder"
              value={path}
              aria-invalid={pathError ? true : undefined}
              onChange={(event) => {
                setPath(event.target.value);
                setPathError(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addPath();
                }
              }}
            />
            <button type="button" className="button button--small" disabled={path.trim() === ''} onClick={addPath}>
              Add folder as file:// URI
            </button>
          </span>
          <span className="panel-header__spacer" />
          {dirty && (
            <button type="button" className="button button--small button--subtle" onClick={() => setRows(rowsFromRoots(server.roots))}>
              Revert
            </button>
          )}
          <button type="submit" className="button button--small button--primary" disabled={saving || !dirty}>
            Save roots
          </button>
        </div>
        {pathError && <p className="field-error">{pathError}</p>}
        {status && (
          <p className={status.ok ? 'field__hint' : 'field-error'} role={status.ok ? 'status' : 'alert'}>
            {status.text}
          </p>
        )}
      </form>
    </details>
  );
}
