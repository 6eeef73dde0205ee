import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { SurfaceDiff, SurfaceListing, SurfaceSource } from '../../../../shared/collections';
import { revealInvisible } from '../../../../shared/reveal-invisible';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { useSavedSurfaces, useSurfacesStore, type SurfaceComparison } from '../../state/collections/surfaces-store';
import { useConnectionsStore } from '../../state/connections/connections-store';
import { findServer, useServersStore } from '../../state/servers';
import { Field } from '../../ui/Field';
import { SelectField } from '../../ui/SelectField';
import { serverKeyOf } from './collection-server';
import { SurfaceChanges } from './SurfaceChanges';

interface LiveServer {
  id: string;
  /** Its name in Loupe's server list. */
  name: string;
  /** The name it reports (what a snapshot records). */
  reportedName: string;
}

/** The connected servers, in the server list's order. */
function useLiveServers(): LiveServer[] {
  const servers = useServersStore((state) => state.servers);
  const byServer = useConnectionsStore((state) => state.byServer);
  return useMemo(
    () =>
      servers.flatMap((server) => {
        const connection = byServer[server.id];
        return connection?.status === 'connected' && connection.server ? [{ id: server.id, name: server.name, reportedName: connection.server.name }] : [];
      }),
    [servers, byServer],
  );
}

const sourceValue = (source: SurfaceSource) => (source.kind === 'server' ? `server:${source.serverId}` : `file:${source.name}`);

/** Capability snapshots: save a connected server's surface into the collection, list the saved ones, and diff any two surfaces. */
export function SurfacesView() {
  const { collectionId, listings } = useSavedSurfaces();
  const live = useLiveServers();
  const comparison = useSurfacesStore((state) => state.comparison);
  const comparisonRequest = useSurfacesStore((state) => state.comparisonRequest);
  const compare = useSurfacesStore((state) => state.compare);
  if (!collectionId) return null;

  const liveFor = (listing: SurfaceListing): LiveServer | undefined => {
    const selected = useServersStore.getState().selectedServerId;
    const named = live.filter((server) => server.reportedName === listing.server?.name);
    return named.find((server) => server.id === selected) ?? named[0] ?? live.find((server) => server.id === selected) ?? live[0];
  };

  return (
    <div className="surfaces">
      <SaveSurfaceForm collectionId={collectionId} live={live} />
      <section className="surfaces__saved" aria-label="Saved capability snapshots">
        <h3 className="surfaces__title">Saved capability snapshots</h3>
        {listings.length === 0 ? (
          <p className="empty-state">None yet. Connect a server and save its capability snapshot: later versions are diffed against it.</p>
        ) : (
          <ul className="surfaces__list" aria-label="Capability snapshots">
            {listings.map((listing) => {
              const target = liveFor(listing);
              return (
                <li key={listing.name} className="surface-listing" aria-label={listing.name}>
                  <span className="surface-listing__name">{listing.name}</span>
                  <span className="surface-listing__meta">
                    {listing.problem
                      ? listing.problem
                      : `${revealInvisible(listing.server?.name ?? 'unnamed server')} ${revealInvisible(listing.server?.version ?? '')} · ${listing.server?.protocolVersion ?? ''} · taken ${listing.takenAt ? new Date(listing.takenAt).toLocaleString() : 'at an unknown time'}`}
                  </span>
                  {!listing.problem && (
                    <button
                      type="button"
                      className="button button--small"
                      disabled={!target}
                      title={target ? `Diff with ${target.name}, connected` : 'Connect a server to diff with it'}
                      onClick={() => target && compare({ before: { kind: 'file', collectionId, name: listing.name }, after: { kind: 'server', serverId: target.id } })}
                    >
                      Diff with live server
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <CompareForm key={comparisonRequest} collectionId={collectionId} listings={listings} live={live} initial={comparison} onCompare={compare} />
      {comparison && <SurfaceDiffResult key={`diff-${comparisonRequest}`} comparison={comparison} listings={listings} live={live} />}
    </div>
  );
}

function SaveSurfaceForm({ collectionId, live }: { collectionId: string; live: LiveServer[] }) {
  const selectedId = useServersStore((state) => state.selectedServerId);
  const [open, setOpen] = useState(false);
  const [serverId, setServerId] = useState<string | undefined>();
  const [name, setName] = useState<string | undefined>();
  const [state, setState] = useState<{ busy: boolean; error?: string; saved?: string }>({ busy: false });
  const chosen = live.find((server) => server.id === serverId) ?? live.find((server) => server.id === selectedId) ?? live[0];
  const shownName = name ?? (chosen ? serverKeyOf(chosen.name) : '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || !shownName.trim() || state.busy) return;
    setState({ busy: true });
    try {
      await getApi().invoke('surfaces.save', { collectionId, serverId: chosen.id, name: shownName.trim() });
      setState({ busy: false, saved: `Saved ${chosen.name}’s capability snapshot as surfaces/${shownName.trim()}.json.` });
      setOpen(false);
      setName(undefined);
    } catch (error) {
      setState({ busy: false, error: errorMessage(error) });
    }
  };

  return (
    <div className="surfaces__save">
      <div className="request-detail__actions">
        <button type="button" className="button button--small" aria-expanded={open} disabled={live.length === 0} onClick={() => setOpen(!open)}>
          Save capability snapshot…
        </button>
        {live.length === 0 && <span className="field__hint">Connect a server to save its capability snapshot.</span>}
        {state.saved && !open && (
          <span className="field__hint" role="status">
            {state.saved}
          </span>
        )}
      </div>
      {open && chosen && (
        <form className="surfaces__form" aria-label="Save capability snapshot" onSubmit={(event) => void submit(event)}>
          <SelectField label="Server" value={chosen.id} onChange={setServerId} options={live.map((server) => ({ value: server.id, label: server.name }))} />
          <Field label="Snapshot name" error={state.error} hint={<>Saved as <code>surfaces/{shownName || 'NAME'}.json</code> in the collection.</>}>
            {(props) => <input {...props} className="input" value={shownName} onChange={(event) => setName(event.target.value)} />}
          </Field>
          <div className="request-detail__actions">
            <button type="submit" className="button button--primary" disabled={state.busy || !shownName.trim()}>
              Save snapshot
            </button>
            <button type="button" className="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

interface CompareProps {
  collectionId: string;
  listings: SurfaceListing[];
  live: LiveServer[];
  initial: SurfaceComparison | undefined;
  onCompare: (comparison: SurfaceComparison) => void;
}

/** Any two surfaces, each a saved snapshot or a connected server. */
function CompareForm({ collectionId, listings, live, initial, onCompare }: CompareProps) {
  const options = [
    ...listings.filter((listing) => !listing.problem).map((listing) => ({ value: `file:${listing.name}`, label: `Snapshot ${listing.name}` })),
    ...live.map((server) => ({ value: `server:${server.id}`, label: `${server.name} (live)` })),
  ];
  // Until chosen (or when a choice is gone): a saved snapshot against a live server, the usual question.
  const firstFile = options.find((option) => option.value.startsWith('file:'))?.value;
  const firstLive = options.find((option) => option.value.startsWith('server:'))?.value;
  const [chosenBefore, setBefore] = useState(initial ? sourceValue(initial.before) : undefined);
  const [chosenAfter, setAfter] = useState(initial ? sourceValue(initial.after) : undefined);
  const known = (value: string | undefined): value is string => options.some((option) => option.value === value);
  const before = known(chosenBefore) ? chosenBefore : (firstFile ?? options[0]?.value ?? '');
  const after = known(chosenAfter) ? chosenAfter : ((before !== firstLive ? firstLive : undefined) ?? options.find((option) => option.value !== before)?.value ?? '');
  const toSource = (value: string): SurfaceSource =>
    value.startsWith('server:') ? { kind: 'server', serverId: value.slice('server:'.length) } : { kind: 'file', collectionId, name: value.slice('file:'.length) };
  if (options.length < 2) return null;
  const select = (label: string, value: string, set: (value: string) => void) => <SelectField label={label} small value={value} onChange={set} options={options} />;
  return (
    <form
      className="surfaces__compare"
      aria-label="Compare surfaces"
      onSubmit={(event) => {
        event.preventDefault();
        if (known(before) && known(after)) onCompare({ before: toSource(before), after: toSource(after) });
      }}
    >
      {select('Before', before, setBefore)}
      {select('After', after, setAfter)}
      <button type="submit" className="button button--small" disabled={!known(before) || !known(after) || before === after}>
        Diff
      </button>
    </form>
  );
}

function SurfaceDiffResult({ comparison, listings, live }: { comparison: SurfaceComparison; listings: SurfaceListing[]; live: LiveServer[] }) {
  const [result, setResult] = useState<{ diff?: SurfaceDiff; error?: string } | undefined>();
  useEffect(() => {
    let current = true;
    getApi()
      .invoke('surfaces.diff', comparison)
      .then((diff) => current && setResult({ diff }))
      .catch((error: unknown) => current && setResult({ error: errorMessage(error) }));
    return () => {
      current = false;
    };
  }, [comparison]);
  const describe = (source: SurfaceSource) =>
    source.kind === 'file'
      ? `snapshot ${source.name}${listings.some((listing) => listing.name === source.name) ? '' : ' (gone)'}`
      : `${live.find((server) => server.id === source.serverId)?.name ?? findServer(useServersStore.getState().servers, source.serverId)?.name ?? 'a server'} (live)`;
  const label = `${describe(comparison.before)} → ${describe(comparison.after)}`;
  if (!result) return <p className="field__hint" role="status">Diffing {label}…</p>;
  if (result.error) {
    return (
      <p className="form-error" role="alert">
        {result.error}
      </p>
    );
  }
  return result.diff ? <SurfaceChanges diff={result.diff} label={label} /> : null;
}

