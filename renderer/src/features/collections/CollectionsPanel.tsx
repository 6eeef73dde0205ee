import { useEffect, type KeyboardEvent } from 'react';
import type { CollectionView } from '../../../../shared/collections';
import { useCollectionStore } from '../../state/collections/collection-store';
import { PlayIcon } from '../../ui/icons';
import { plural } from '../../ui/format';
import { OpenCollectionForm } from './OpenCollectionForm';
import { RequestDetail } from './RequestDetail';
import { RequestTree } from './RequestTree';
import { RunSummary } from './RunSummary';
import { RunReportView } from './RunReportView';
import { COLLECTION_SECTIONS, useRunsStore, type CollectionSection } from './runs-store';
import { ConsentDialog } from './ConsentDialog';
import { SecretsView } from './SecretsView';
import { SurfacesView } from './SurfacesView';
import { useSurfacesStore } from '../../state/collections/surfaces-store';
import { countRequests, nodeAt } from './tree-rows';
import './collections.css';

/** Collections: a folder of saved requests with checks (docs/collections.md), its tree, and its runs. */
export function CollectionsPanel() {
  const view = useCollectionStore((state) => state.view);
  return (
    <section className="collections panel" aria-label="Collections">
      {view ? <OpenCollection view={view} /> : <OpenCollectionForm />}
    </section>
  );
}

function OpenCollection({ view }: { view: CollectionView }) {
  const revision = useCollectionStore((state) => state.revision);
  const close = useCollectionStore((state) => state.close);
  const runs = useRunsStore();

  useEffect(() => {
    useRunsStore.getState().forCollection(view.id);
  }, [view.id]);
  // A capability diff asked for (here or from server details) shows in its section.
  const comparisonRequest = useSurfacesStore((state) => state.comparisonRequest);
  useEffect(() => {
    if (comparisonRequest > 0) useRunsStore.getState().showSection('Capability snapshots');
  }, [comparisonRequest]);
  const current = runs.collectionId === view.id;
  const selected = current && runs.selectedPath !== undefined ? nodeAt(view.tree, runs.selectedPath) : undefined;
  const selectedPath = selected?.path;
  const selectedFolder = selected?.kind === 'folder';

  return (
    <>
      <header className="panel-header collection-header">
        <h2 className="panel-header__title">{view.name}</h2>
        <code className="collection-header__dir" title={view.dir}>
          {view.dir}
        </code>
        <span className="panel-header__spacer" />
        {view.environments.length > 0 && (
          <label className="collection-header__env">
            Environment{' '}
            <select className="input input--small" value={runs.environment} onChange={(event) => runs.setEnvironment(event.target.value)}>
              <option value="">(variables only)</option>
              {view.environments.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" className="button button--small button--primary" disabled={runs.running !== undefined || view.tree.length === 0} onClick={() => void runs.run()}>
          <PlayIcon /> Run all
        </button>
        {current && runs.report && (
          <button type="button" className="button button--small" aria-pressed={runs.showingReport && runs.section === 'Requests'} onClick={() => {
            runs.showSection('Requests');
            runs.showReport(!(runs.showingReport && runs.section === 'Requests'));
          }}>
            Run report
          </button>
        )}
        <button type="button" className="button button--small" onClick={() => void close()}>
          Close collection
        </button>
      </header>
      <SectionTabs section={runs.section} onSelect={runs.showSection} />
      {view.problems.length > 0 && (
        <ul className="collection-problems" aria-label="Problems">
          {view.problems.map((problem) => (
            <li key={`${problem.file}:${problem.line ?? ''}`}>{problem.message}</li>
          ))}
        </ul>
      )}
      {current && runs.consent && <ConsentDialog key={runs.consent.ask.hash} ask={runs.consent.ask} onAllow={(remember) => void runs.allowAndRun(remember)} onDecline={runs.declineConsent} />}
      <RunSummary running={current ? runs.running : undefined} report={current ? runs.report : undefined} reportPath={current ? runs.reportPath : undefined} error={current ? runs.runError : null} />
      {runs.section === 'Capability snapshots' && (
        <div className="collections__section" role="tabpanel" aria-label="Capability snapshots">
          <SurfacesView />
        </div>
      )}
      {runs.section === 'Secrets' && (
        <div className="collections__section" role="tabpanel" aria-label="Secrets">
          <SecretsView collectionId={view.id} revision={revision} />
        </div>
      )}
      <div className="collections__body" hidden={runs.section !== 'Requests'}>
        <div className="collections__tree-pane">
          <p className="collections__count">{plural(countRequests(view.tree), 'request')}</p>
          {view.tree.length === 0 ? (
            <p className="empty-state">No requests yet. Save a call from the Tools, Resources or Prompts tab or a traffic row (“Save as request…”), or write a .yaml file in the folder.</p>
          ) : (
            <RequestTree
              tree={view.tree}
              collapsed={runs.collapsed}
              selectedPath={selectedPath}
              lastRuns={current ? runs.lastRuns : {}}
              onSelect={runs.select}
              onToggle={runs.toggleFolder}
            />
          )}
        </div>
        <div className="collections__detail-pane">
          {current && runs.showingReport && runs.report ? (
            <RunReportView report={runs.report} previous={runs.previousReport} onOpenRequest={runs.select} onClose={() => runs.showReport(false)} />
          ) : selectedPath === undefined ? (
            <p className="empty-state">Select a request to see what it sends and its last result.</p>
          ) : selectedFolder ? (
            <section className="detail-card" aria-label={`Folder ${selectedPath}`}>
              <h2 className="detail-card__name">{selectedPath}/</h2>
              <div className="request-detail__actions">
                <button type="button" className="button button--primary" disabled={runs.running !== undefined} onClick={() => void runs.run(selectedPath, true)}>
                  <PlayIcon /> Run folder
                </button>
              </div>
            </section>
          ) : (
            <RequestDetail key={selectedPath} collectionId={view.id} path={selectedPath} name={selected?.name ?? selectedPath} revision={revision} />
          )}
        </div>
      </div>
    </>
  );
}

/** Requests, capability snapshots and secrets: the open collection's three views. Arrow keys move between them. */
function SectionTabs({ section, onSelect }: { section: CollectionSection; onSelect: (section: CollectionSection) => void }) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = COLLECTION_SECTIONS.indexOf(section);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = COLLECTION_SECTIONS[(index + step + COLLECTION_SECTIONS.length) % COLLECTION_SECTIONS.length]!;
    onSelect(next);
    event.currentTarget.querySelector<HTMLElement>(`[data-section="${next}"]`)?.focus();
  };
  return (
    <div className="collection-sections" role="tablist" aria-label="Collection views" onKeyDown={onKeyDown}>
      {COLLECTION_SECTIONS.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          data-section={name}
          aria-selected={section === name}
          tabIndex={section === name ? 0 : -1}
          className={`collection-sections__tab ${section === name ? 'collection-sections__tab--selected' : ''}`}
          onClick={() => onSelect(name)}
        >
          {name}
        </button>
      ))}
    </div>
  );
}
