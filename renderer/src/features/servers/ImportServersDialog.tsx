import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { ImportDiscovery, ImportResult, ImportSource } from '../../../../shared/config-import';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { Field } from '../../ui/Field';
import { DialogHeader } from '../../ui/DialogHeader';
import { openModal } from '../../ui/open-modal';
import { ImportEntryRow } from './ImportEntryRow';
import { ImportVariableFields } from './ImportVariableFields';
import { RegistrySearch } from './RegistrySearch';
import { importItems, initiallyPicked, pickedEntries, variablesToFill } from './import-selection';
import { useServersStore } from '../../state/servers';
import { revealInvisible } from '../../../../shared/reveal-invisible';

/**
 * Finds the servers configured in other MCP clients (and in a pasted snippet), shows what each
 * runs, and adds the ones the person picks. Existing servers are never changed.
 */
export function ImportServersDialog({ onClose }: { onClose: () => void }) {
  const api = getApi();
  const select = useServersStore((state) => state.select);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [projectDir, setProjectDir] = useState('');
  const [discovery, setDiscovery] = useState<ImportDiscovery | null>(null);
  const [pasted, setPasted] = useState<ImportSource | null>(null);
  const [fromRegistry, setFromRegistry] = useState<ImportSource | null>(null);
  const [snippet, setSnippet] = useState('');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);

  const sources = useMemo(
    () => [...(fromRegistry ? [fromRegistry] : []), ...(pasted ? [pasted] : []), ...(discovery?.sources ?? [])],
    [fromRegistry, pasted, discovery],
  );
  const chosen = pickedEntries(sources, picked);
  const variables = variablesToFill(chosen);

  const applyDiscovery = (found: ImportDiscovery) => {
    setDiscovery(found);
    setPicked((current) => new Set([...current, ...initiallyPicked(found.sources)]));
  };

  const discover = (folder: string) => {
    setError(null);
    api.invoke('config.discoverImports', folder.trim() ? { projectDir: folder.trim() } : {}).then(applyDiscovery, (failure: unknown) => setError(errorMessage(failure)));
  };

  useEffect(() => {
    openModal(dialogRef.current);
    // Discover once on open; "Look again" repeats it.
    api.invoke('config.discoverImports', {}).then(applyDiscovery, (failure: unknown) => setError(errorMessage(failure)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const readSnippet = async () => {
    setError(null);
    try {
      const source = await api.invoke('config.parseImportSnippet', { text: snippet });
      setPasted(source);
      setPicked((current) => new Set([...current, ...initiallyPicked([source])]));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  // A registry server offers its packages and remotes as alternatives: the first usable one is picked.
  const chooseFromRegistry = (source: ImportSource) => {
    setFromRegistry(source);
    const first = [...initiallyPicked([source])][0];
    if (first) setPicked((current) => new Set([...current, first]));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || chosen.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      const outcome = await api.invoke('config.import', { items: importItems(chosen), values });
      setResult(outcome);
      const first = outcome.added[0];
      if (first) select(first.id);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (key: string, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  return (
    <dialog ref={dialogRef} className="dialog import-dialog" aria-labelledby={titleId} onClose={onClose}>
      <form className="dialog__form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogHeader titleId={titleId} onClose={() => dialogRef.current?.close()}>
            Import servers
        </DialogHeader>
        <div className="dialog__body">
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          {result ? (
            <ImportOutcome result={result} />
          ) : (
            <>
              <div className="import-dialog__row">
                <Field label="Project folder (optional)" hint="Also read its .mcp.json, .vscode/mcp.json, .cursor/mcp.json and .gemini/settings.json.">
                  {(props) => (
                    <input {...props} className="input input--mono" value={projectDir} spellCheck={false} autoComplete="off" placeholder="/home/me/my-project"
                      onChange={(event) => setProjectDir(event.target.value)}
                      onKeyDown={(event) => {
                        // Enter looks in the folder; it must not import.
                        if (event.key === 'Enter') {
                          event.preventDefault();
                          discover(projectDir);
                        }
                      }}
                    />
                  )}
                </Field>
                <button type="button" className="button" onClick={() => discover(projectDir)}>
                  Look again
                </button>
              </div>

              <details className="import-dialog__paste" open={pasted !== null || undefined}>
                <summary>Paste a config snippet</summary>
                <Field label="Snippet" hint="JSON from any client (mcpServers, servers, a single server) or Codex TOML.">
                  {(props) => (
                    <textarea {...props} className="input input--mono" rows={5} value={snippet} spellCheck={false} onChange={(event) => setSnippet(event.target.value)} />
                  )}
                </Field>
                <button type="button" className="button" disabled={snippet.trim() === ''} onClick={() => void readSnippet()}>
                  Read snippet
                </button>
              </details>

              <details className="import-dialog__paste" open={fromRegistry !== null || undefined}>
                <summary>From the MCP Registry, or a server.json</summary>
                <RegistrySearch onChoose={chooseFromRegistry} />
              </details>

              {discovery === null ? (
                <p className="empty-state" role="status">
                  Looking for config files…
                </p>
              ) : sources.length === 0 ? (
                <p className="empty-state" role="status">
                  No MCP client config files were found. Paste a snippet, or give a project folder.
                </p>
              ) : (
                sources.map((source) => (
                  <section key={source.id} className="import-source" aria-label={`${source.label}${source.path ? ` ${source.path}` : ''}`}>
                    <h3 className="import-source__title">{source.label}</h3>
                    {source.path && <code className="import-source__path">{revealInvisible(source.path)}</code>}
                    {source.problem && <p className="import-entry__problem">{revealInvisible(source.problem)}</p>}
                    {!source.problem && source.entries.length === 0 && <p className="import-entry__meta">No servers in this file.</p>}
                    <ul className="import-source__entries">
                      {source.entries.map((entry) => (
                        <ImportEntryRow key={entry.key} source={source} entry={entry} picked={picked.has(entry.key)} onToggle={(on) => toggle(entry.key, on)} />
                      ))}
                    </ul>
                  </section>
                ))
              )}
              {discovery && discovery.searched.length > 0 && (
                <details className="import-dialog__searched">
                  <summary>Also looked in {discovery.searched.length} places with nothing there</summary>
                  <ul>
                    {discovery.searched.map((file) => (
                      <li key={file}>
                        <code>{file}</code>
                      </li>
                    ))}
                  </ul>
                </details>
              )}
              <ImportVariableFields variables={variables} values={values} onChange={(id, value) => setValues((current) => ({ ...current, [id]: value }))} />
            </>
          )}
        </div>
        <footer className="dialog__footer">
          {result ? (
            <button type="button" className="button button--primary" onClick={() => dialogRef.current?.close()}>
              Done
            </button>
          ) : (
            <>
              <button type="button" className="button" onClick={() => dialogRef.current?.close()}>
                Cancel
              </button>
              <button type="submit" className="button button--primary" disabled={busy || chosen.length === 0}>
                {busy ? 'Importing…' : chosen.length === 1 ? 'Import 1 server' : `Import ${chosen.length} servers`}
              </button>
            </>
          )}
        </footer>
      </form>
    </dialog>
  );
}

function ImportOutcome({ result }: { result: ImportResult }) {
  return (
    <div className="import-outcome" role="status">
      <p>
        {result.added.length === 0 ? 'No server was added.' : `Added ${result.added.map((server) => `“${revealInvisible(server.name)}”`).join(', ')}.`}
      </p>
      {result.renamed.map((rename) => (
        <p key={`${rename.from}->${rename.to}`}>
          “{revealInvisible(rename.from)}” was already taken, so it is called “{revealInvisible(rename.to)}”.
        </p>
      ))}
      {result.unresolved.map((line) => (
        <p key={line} className="import-entry__warning">
          {revealInvisible(line)}
        </p>
      ))}
      {result.problems.map((line) => (
        <p key={line} className="import-entry__problem">
          {revealInvisible(line)}
        </p>
      ))}
    </div>
  );
}
