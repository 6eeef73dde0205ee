import { useEffect, useId, useRef, useState } from 'react';
import type { CompareClientId, CompareDifference, CompareResult, CompareSide } from '../../../../shared/compare';
import type { ServerConfig } from '../../../../shared/server-config';
import { revealInvisible } from '../../../../shared/reveal-invisible';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { DialogHeader } from '../../ui/DialogHeader';
import { SelectField } from '../../ui/SelectField';
import { JsonText } from '../../ui/JsonText';
import { openModal } from '../../ui/open-modal';
import { byKind, capabilityNames, clientChoices, COMPARED_LISTS, defaultOther, LIST_TITLES, listCount, subjectValue } from './compare-view';
import './compare.css';

/** Differences drawn per group at most; the count says how many there are. */
const MAX_SHOWN = 300;

/** Compare: the server connected as two clients (temporary sessions), and what it offered each. */
export function CompareDialog({ server, onClose }: { server: ServerConfig; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const choices = clientChoices(server);
  const [a, setA] = useState<CompareClientId>('saved');
  const [b, setB] = useState<CompareClientId>(() => defaultOther(server));
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<CompareResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    openModal(dialogRef.current);
  }, []);

  const compare = async () => {
    setRunning(true);
    setError(null);
    setResult(null);
    try {
      setResult(await getApi().invoke('servers.compare', { serverId: server.id, a, b }));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setRunning(false);
    }
  };

  const select = (label: string, value: CompareClientId, set: (id: CompareClientId) => void) => (
    <SelectField label={label} value={value} disabled={running} onChange={(id) => set(id as CompareClientId)} options={choices.map((choice) => ({ value: choice.id, label: choice.label }))} />
  );

  return (
    <dialog ref={dialogRef} className="dialog compare-dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="dialog__form">
        <DialogHeader titleId={titleId} onClose={() => dialogRef.current?.close()}>
          Compare clients on “{revealInvisible(server.name)}”
        </DialogHeader>
        <div className="dialog__body">
          <p className="field__hint">
            Loupe connects the server twice, apart from its own connection, presenting as each client (its clientInfo, capabilities and protocol revisions), lists
            everything each was offered, and closes both sessions. Their traffic is in the log, each marked as a side of the comparison.
          </p>
          <div className="compare-dialog__choices">
            {select('Client A', a, setA)}
            {select('Client B', b, setB)}
            <button type="button" className="button button--primary" disabled={running} onClick={() => void compare()}>
              {running ? 'Comparing…' : 'Compare'}
            </button>
          </div>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <p className="compare-dialog__status" role="status">
            {running ? 'Connecting as both clients and listing what each was offered…' : result ? summary(result) : ''}
          </p>
          {result && <CompareResultView result={result} />}
        </div>
      </div>
    </dialog>
  );
}

function summary(result: CompareResult): string {
  const [a, b] = result.sides;
  if (a.failure || b.failure) return 'A side did not connect, so nothing was compared.';
  const groups = byKind(result.differences);
  if (result.differences.length === 0) return `The server offered ${a.label} and ${b.label} the same (${Math.round(result.tookMs)} ms).`;
  return `${result.differences.length} differences: ${groups['only-a'].length} only as ${a.label}, ${groups['only-b'].length} only as ${b.label}, ${groups.differs.length} that differ.`;
}

function CompareResultView({ result }: { result: CompareResult }) {
  const [a, b] = result.sides;
  const groups = byKind(result.differences);
  return (
    <>
      <SidesTable a={a} b={b} />
      {!a.failure && !b.failure && (
        <>
          <DifferenceGroup title={`Only as ${a.label}`} differences={groups['only-a']} sides={result.sides} />
          <DifferenceGroup title={`Only as ${b.label}`} differences={groups['only-b']} sides={result.sides} />
          <DifferenceGroup title="Differs" hint={`Read from ${a.label} to ${b.label}.`} differences={groups.differs} sides={result.sides} />
        </>
      )}
    </>
  );
}

function SidesTable({ a, b }: { a: CompareSide; b: CompareSide }) {
  const row = (label: string, cell: (side: CompareSide) => string) => (
    <tr>
      <th scope="row">{label}</th>
      <td>{cell(a)}</td>
      <td>{cell(b)}</td>
    </tr>
  );
  const server = (side: CompareSide) => (side.server ? revealInvisible(`${side.server.title ?? side.server.name} ${side.server.version}`) : '—');
  return (
    <table className="compare-table">
      <caption>What each client was offered</caption>
      <colgroup>
        <col className="compare-table__field" />
        <col />
        <col />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Field</span>
          </th>
          <th scope="col">A: {a.label}</th>
          <th scope="col">B: {b.label}</th>
        </tr>
      </thead>
      <tbody>
        {row('clientInfo', (side) => `${side.clientInfo.name} ${side.clientInfo.version}`)}
        {row('Connection', (side) => side.failure ?? 'Connected, then closed')}
        {row('Server', server)}
        {row('Protocol', (side) => (side.server ? `${side.server.protocolVersion} (${side.server.era === 'modern' ? 'stateless era' : 'initialize'})` : '—'))}
        {row('Client capabilities declared', (side) => revealInvisible(capabilityNames(side.clientCapabilities)))}
        {row('Server capabilities received', (side) => (side.capabilities ? revealInvisible(capabilityNames(side.capabilities)) : '—'))}
        {COMPARED_LISTS.map((list) => (
          <tr key={list}>
            <th scope="row">{LIST_TITLES[list]}</th>
            <td>{listCount(a, list)}</td>
            <td>{listCount(b, list)}</td>
          </tr>
        ))}
        {(a.problems.length > 0 || b.problems.length > 0) && row('Problems', (side) => side.problems.join(' ') || 'none')}
      </tbody>
    </table>
  );
}

function DifferenceGroup({ title, hint, differences, sides }: { title: string; hint?: string; differences: CompareDifference[]; sides: [CompareSide, CompareSide] }) {
  const headingId = useId();
  return (
    <section className="compare-group" aria-labelledby={headingId}>
      <h3 id={headingId} className="compare-group__title">
        {title} <span className="muted">({differences.length})</span>
      </h3>
      {hint && differences.length > 0 && <p className="field__hint">{hint}</p>}
      {differences.length === 0 ? (
        <p className="muted">Nothing.</p>
      ) : (
        <ul className="compare-group__list" aria-label={title}>
          {differences.slice(0, MAX_SHOWN).map((difference, index) => (
            <li key={index} className={`compare-row compare-row--${difference.kind}`}>
              <span className="compare-row__subject mono">
                {revealInvisible(difference.subject)}
                {difference.path && <span className="muted">{revealInvisible(difference.path)}</span>}
              </span>
              <span className="compare-row__message">{revealInvisible(difference.message)}</span>
              {difference.subject !== 'server' && <BothValues difference={difference} sides={sides} />}
            </li>
          ))}
        </ul>
      )}
      {differences.length > MAX_SHOWN && <p className="field__hint">The first {MAX_SHOWN} of {differences.length} are shown.</p>}
    </section>
  );
}

/** The item (or capability) as each side got it, opened on demand. */
function BothValues({ difference, sides }: { difference: CompareDifference; sides: [CompareSide, CompareSide] }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="compare-row__values" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Show both</summary>
      {open && (
        <div className="compare-row__pair">
          {sides.map((side, index) => {
            const value = subjectValue(side, difference.subject);
            const label = `${index === 0 ? 'A' : 'B'}: ${side.label}`;
            return value === undefined ? (
              <p key={index} className="muted">
                {label}: not offered.
              </p>
            ) : (
              <div key={index}>
                <p className="compare-row__side">{label}</p>
                <JsonText value={value} label={`${difference.subject} as ${side.label}`} />
              </div>
            );
          })}
        </div>
      )}
    </details>
  );
}
