import { useId } from 'react';
import { type ImportEntry, type ImportSource, IMPORT_CLIENT_NAMES } from '../../../../shared/config-import';
import { TRANSPORT_NAMES } from './transport-label';
import { revealInvisible } from '../../../../shared/reveal-invisible';

interface Props {
  source: ImportSource;
  entry: ImportEntry;
  picked: boolean;
  onToggle: (picked: boolean) => void;
}

/** One server of a config file: a checkbox named after it, what it runs or reaches, and the names (never the values) of its env or headers. */
export function ImportEntryRow({ source, entry, picked, onToggle }: Props) {
  const detailsId = useId();
  const config = entry.config;
  const transport = config?.transport;
  const pairs = transport ? (transport.type === 'stdio' ? transport.env : transport.headers) : [];
  return (
    <li className={`import-entry ${config ? '' : 'import-entry--broken'}`}>
      <label className="import-entry__pick">
        <input type="checkbox" checked={picked} disabled={!config} aria-describedby={detailsId} onChange={(event) => onToggle(event.target.checked)} />
        <span className="import-entry__name">{revealInvisible(entry.name)}</span>
        {transport && <span className="transport-tag">{TRANSPORT_NAMES[transport.type]}</span>}
      </label>
      <div id={detailsId} className="import-entry__details">
        {transport && (
          <code className="import-entry__target">{revealInvisible(transport.type === 'stdio' ? [transport.command, ...transport.args].join(' ') : transport.url)}</code>
        )}
        {transport?.type === 'stdio' && transport.cwd && <span className="import-entry__meta">in {revealInvisible(transport.cwd)}</span>}
        {pairs.length > 0 && (
          <span className="import-entry__meta">
            {transport?.type === 'stdio' ? 'Environment' : 'Headers'}: {pairs.map((pair) => `${revealInvisible(pair.key)}=••••`).join(', ')}
          </span>
        )}
        {entry.problem && <span className="import-entry__problem">{revealInvisible(entry.problem)}</span>}
        {entry.existingMatch && <span className="import-entry__meta">Already in Loupe as “{revealInvisible(entry.existingMatch)}”.</span>}
        {entry.disabled && <span className="import-entry__meta">Switched off in {IMPORT_CLIENT_NAMES[source.client]}.</span>}
        {entry.notes.map((note) => (
          <span key={note} className="import-entry__meta">
            {revealInvisible(note)}
          </span>
        ))}
      </div>
    </li>
  );
}
