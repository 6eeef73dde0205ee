import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { serializeTrafficEntries } from '../../../../shared/traffic-jsonl';
import type { TrafficSessionSummary } from '../../../../shared/traffic';
import { recordedOutcomes } from '../../../../shared/traffic-outcomes';
import { useApi } from '../../bridge/api-context';
import { errorMessage } from '../../bridge/bridge-error';
import { Splitter } from '../../ui/Splitter';
import { useConnectionsStore } from '../connections';
import { useServersStore } from '../servers';
import { browserFrames } from './browser-frames';
import { ImportBanner } from './ImportBanner';
import { ReplayEditor } from './ReplayEditor';
import { RowContextMenu } from './RowContextMenu';
import { TrafficDetail } from './TrafficDetail';
import { TrafficFilterBar } from './TrafficFilterBar';
import { TrafficTable } from './TrafficTable';
import { TrafficToolbar } from './TrafficToolbar';
import { TrafficTypeChips } from './TrafficTypeChips';
import { TRAFFIC_TYPES, type TrafficType } from './traffic-types';
import type { PositionList } from './position-list';
import { downloadLiveExport, downloadText, entriesOfRows, exportFileName, parseTrafficFile, readSavedSession, seqsOfRows, sessionTitle } from './traffic-files';
import { SessionsDialog } from './SessionsDialog';
import { compileRowFilter } from '../../../../shared/filter/traffic-filter';
import { useTrafficLayoutStore } from './traffic-layout-store';
import { parseTrafficQuery } from '../../../../shared/filter/traffic-query';
import { TrafficSession } from './traffic-session';
import { liveTraffic, useTrafficStore, type ImportedTraffic } from './traffic-store';
import { IDLE } from './traffic-view';
import { useRowActions } from './use-row-actions';
import { useSortedRows } from './use-sorted-rows';
import { useSessionVersion, useTrafficView } from './use-traffic-view';
import './traffic.css';

const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

/** The traffic log: DevTools' Network panel for JSON-RPC, over the live session or an imported file. */
export function TrafficPanel() {
  const api = useApi();
  const state = useTrafficStore(
    useShallow((store) => ({
      filterText: store.filterText,
      invert: store.invert,
      preserveLog: store.preserveLog,
      typeFilter: store.typeFilter,
      sort: store.sort,
      selectedSeq: store.selectedSeq,
      detailOpen: store.detailOpen,
      recording: store.recording,
      maxEntries: store.maxEntries,
      droppedByCore: store.droppedByCore,
      imported: store.imported,
    })),
  );
  const actions = useTrafficStore.getState();
  const { imported } = state;
  const session = imported?.session ?? liveTraffic;
  const live = imported === null;
  const version = useSessionVersion(session);
  const [actionError, setActionError] = useState<string | null>(null);
  const [sessionsOpen, setSessionsOpen] = useState(false);
  const errorsId = useId();

  const servers = useServersStore((store) => store.servers);
  const serverNames = useMemo(() => new Map(servers.map((server) => [server.id, server.name])), [servers]);
  const serverName = useCallback((id: string) => serverNames.get(id) ?? shortId(id), [serverNames]);
  const isHttpServer = useCallback(
    (id: string) => servers.some((server) => server.id === id && server.transport.type !== 'stdio'),
    [servers],
  );

  const query = useMemo(() => parseTrafficQuery(state.filterText), [state.filterText]);
  const filter = useMemo(
    () =>
      compileRowFilter(session.log, query, {
        serverName: (id) => serverNames.get(id),
        invert: state.invert,
        preserveLog: live ? state.preserveLog : true,
        type: state.typeFilter,
      }),
    [session, query, serverNames, state.invert, state.preserveLog, state.typeFilter, live],
  );
  const allRows = useTrafficView(session);
  // With no filter the table shows `allRows`; the filtered view rests until there is one.
  const filteredRows = useTrafficView(session, filter.matchesAll ? IDLE : filter);
  const shown = filter.matchesAll ? allRows : filteredRows;
  const ordered = useSortedRows(session.log, shown.rows, state.sort, version, serverName);
  const hiddenColumns = useTrafficLayoutStore((store) => store.hiddenColumns);

  useEffect(() => {
    let current = true;
    api.invoke('traffic.settings', {}).then(
      (settings) => {
        if (current) useTrafficStore.getState().applySettings(settings);
      },
      (error: unknown) => {
        if (current) setActionError(`Could not read the traffic settings: ${errorMessage(error)}`);
      },
    );
    return () => {
      current = false;
    };
  }, [api]);

  const run = useCallback(async (what: string, action: () => Promise<void>) => {
    setActionError(null);
    try {
      await action();
    } catch (error) {
      setActionError(`${what}: ${errorMessage(error)}`);
    }
  }, []);

  const toggleRecording = () =>
    run(state.recording ? 'Could not pause recording' : 'Could not resume recording', async () => {
      actions.applySettings(await api.invoke('traffic.settings', { recording: !state.recording }));
    });
  const setMaxEntries = (maxEntries: number) =>
    run('Could not change how many entries are kept', async () => {
      actions.applySettings(await api.invoke('traffic.settings', { maxEntries }));
    });
  const clear = () => run('Could not clear the traffic', () => api.invoke('traffic.clear'));

  const exportRows = (which: 'visible' | 'all') =>
    run('Could not export the traffic', async () => {
      const suffix = which === 'visible' && !filter.matchesAll ? '-filtered' : '';
      if (imported) {
        const rows = which === 'visible' ? shown.rows : allRows.rows;
        downloadText(serializeTrafficEntries(entriesOfRows(session.log, rows)), exportFileName(new Date(), suffix));
        return;
      }
      await downloadLiveExport(api, exportFileName(new Date(), suffix), which === 'visible' ? seqsOfRows(session.log, shown.rows) : undefined);
    });

  /** Shows a traffic record read-only, in place of the live log, while `read` fetches its text. */
  const openRecord = (what: string, source: ImportedTraffic['source'], read: () => Promise<{ text: string; note?: string }>) =>
    run(`Could not open ${what}`, async () => {
      const importedSession = new TrafficSession(1_000, browserFrames);
      const stillShown = () => useTrafficStore.getState().imported?.session === importedSession;
      const shown = { fileName: what, source, session: importedSession, errors: [], duplicates: 0 };
      actions.setImported({ ...shown, loading: true });
      try {
        const { text, note } = await read();
        const parsed = await parseTrafficFile(text);
        if (!stillShown()) return;
        importedSession.log.setCapacity(Math.max(1_000, parsed.entries.length));
        // Nothing in a record is still running: its requests end as the record says (the same model as the core's).
        const outcomes = recordedOutcomes(parsed.entries);
        importedSession.enqueue(parsed.entries);
        importedSession.enqueueOutcomes(outcomes);
        actions.setImported({ ...shown, errors: parsed.errors, duplicates: parsed.duplicates, loading: false, ...(note ? { note } : {}) });
      } catch (error) {
        if (stillShown()) actions.setImported(null);
        throw error;
      }
    });
  const importFile = (file: File) => openRecord(file.name, 'file', async () => ({ text: await file.text() }));
  const openSavedSession = (session: TrafficSessionSummary) => {
    setSessionsOpen(false);
    return openRecord(sessionTitle(session), 'session', () => readSavedSession(api, session));
  };

  const detailWidth = useTrafficLayoutStore((store) => store.detailWidth);
  const setDetailWidth = useTrafficLayoutStore((store) => store.setDetailWidth);
  // Keyboard moves keep the detail as it is; clicks open it.
  const selectRow = useCallback((seq: number, open?: boolean) => {
    const store = useTrafficStore.getState();
    store.select(seq, open ?? store.detailOpen);
  }, []);
  const fetchWhole = useCallback((seq: number) => api.invoke('traffic.get', { seq }), [api]);
  const rowActions = useRowActions({ api, session, live, fetchWhole, run });
  const menuPosition = rowActions.menu ? session.log.positionOfSeq(rowActions.menu.seq) : -1;
  const dropped = live ? state.droppedByCore + session.log.evicted + session.log.missing : 0;
  // A row the filter, a type chip or Preserve log hides has no detail either.
  const showDetail = state.detailOpen && state.selectedSeq !== null && (shown.rebuilding || isShown(session, shown.rows, state.selectedSeq, filter.matchesAll));
  const hiddenBy = hiddenByWhat(state.filterText, state.typeFilter, state.invert, live && !state.preserveLog);
  const anyConnected = useConnectionsStore((store) => Object.values(store.byServer).some((connection) => connection.status === 'connected'));

  return (
    <section className="traffic panel" aria-label="Traffic">
      <TrafficToolbar
        live={live}
        recording={state.recording}
        preserveLog={state.preserveLog}
        maxEntries={state.maxEntries}
        shownRows={shown.rows.length}
        totalRows={allRows.rows.length}
        filtered={!filter.matchesAll}
        hiddenBy={hiddenBy}
        dropped={dropped}
        catchingUp={session.catchingUp}
        filtering={shown.rebuilding}
        filter={
          <TrafficFilterBar
            text={state.filterText}
            invert={state.invert}
            knownValues={() => ({ methods: session.log.methods.values, names: session.log.subjects.values, servers: servers.map((server) => server.name) })}
            errorsId={query.errors.length > 0 ? errorsId : undefined}
            onText={actions.setFilterText}
            onInvert={actions.setInvert}
          />
        }
        onToggleRecording={() => void toggleRecording()}
        onClear={() => void clear()}
        onPreserveLog={actions.setPreserveLog}
        onMaxEntries={(value) => void setMaxEntries(value)}
        onExport={(which) => void exportRows(which)}
        onImport={(file) => void importFile(file)}
        onSessions={() => setSessionsOpen(true)}
      />
      {sessionsOpen && <SessionsDialog onOpen={(session) => void openSavedSession(session)} onClose={() => setSessionsOpen(false)} />}
      <TrafficTypeChips value={state.typeFilter} onChange={actions.setTypeFilter} />
      {query.errors.length > 0 && (
        <p id={errorsId} className="field-error traffic__notice">
          {query.errors.join(' ')}
        </p>
      )}
      {actionError && (
        <p className="field-error traffic__notice" role="alert">
          {actionError}
        </p>
      )}
      {rowActions.notice && (
        <p className="traffic__notice muted" role="status">
          {rowActions.notice}
        </p>
      )}
      {imported && <ImportBanner imported={imported} entries={session.log.length} onBackToLive={() => actions.setImported(null)} />}
      {live && !state.recording && (
        <p className="traffic__paused" role="status">
          <strong>Recording is paused.</strong> New traffic is not recorded (the servers keep running).{' '}
          <button type="button" className="link-button" onClick={() => void toggleRecording()}>
            Resume recording
          </button>
        </p>
      )}
      <div className="traffic__body">
        <TrafficTable
          session={session}
          rows={ordered}
          version={version}
          serverName={serverName}
          selectedSeq={state.selectedSeq}
          onSelect={selectRow}
          onCloseDetail={() => actions.setDetailOpen(false)}
          onRowMenu={rowActions.openMenu}
          sort={state.sort}
          onSort={actions.cycleSort}
          hiddenColumns={hiddenColumns}
          onToggleColumn={useTrafficLayoutStore.getState().toggleColumn}
          onResetColumns={useTrafficLayoutStore.getState().resetColumns}
          emptyMessage={emptyMessage(allRows.rows.length, live, state.recording, shown.rebuilding, anyConnected)}
        />
        {showDetail && (
          <>
            <Splitter
              orientation="vertical"
              label="Resize message detail"
              value={detailWidth}
              min={300}
              max={Math.max(360, Math.round(window.innerWidth * 0.75))}
              onChange={setDetailWidth}
            />
            <div className="traffic__detail" style={{ width: detailWidth }}>
              <TrafficDetail
                session={session}
                seq={state.selectedSeq!}
                serverName={serverName}
                isHttpServer={isHttpServer}
                {...(live ? { fetchWhole } : {})}
                onSelect={(seq) => actions.select(seq, true)}
                onClose={() => actions.setDetailOpen(false)}
              />
            </div>
          </>
        )}
      </div>
      {rowActions.menu && menuPosition >= 0 && (
        <RowContextMenu
          log={session.log}
          position={menuPosition}
          x={rowActions.menu.x}
          y={rowActions.menu.y}
          live={live}
          serverName={serverName(session.log.serverId(menuPosition))}
          onAction={(action, seq = rowActions.menu!.seq) => rowActions.perform(seq, action)}
          onClose={rowActions.closeMenu}
        />
      )}
      {rowActions.editor && (
        <ReplayEditor
          seq={rowActions.editor.seq}
          method={rowActions.editor.method}
          initialParams={rowActions.editor.params}
          onSend={(params) => rowActions.sendEdited(rowActions.editor!.seq, params)}
          onClose={rowActions.closeEditor}
        />
      )}
    </section>
  );
}

function emptyMessage(total: number, live: boolean, recording: boolean, filtering: boolean, anyConnected: boolean): string {
  if (filtering) return 'Filtering…';
  if (total > 0) return 'No rows match the filter.';
  if (!live) return 'The file holds no traffic entries.';
  if (!recording) return 'No traffic: recording is paused.';
  return anyConnected ? 'No traffic since the log was cleared. New messages appear here as they are sent or received.' : 'No traffic yet. Connect a server to see its messages.';
}

/** Whether the row holding `seq` (a response folded into its request counts as that row) is shown. */
function isShown(session: TrafficSession, rows: PositionList, seq: number, all: boolean): boolean {
  const log = session.log;
  let position = log.positionOfSeq(seq);
  if (position < 0) return false;
  if (!log.isRow(position)) position = log.partner(position);
  return position >= 0 && (all || rows.search(position) >= 0);
}

/** Why rows are hidden, in the toolbar's words. */
function hiddenByWhat(filterText: string, type: TrafficType, invert: boolean, preserveLogOff: boolean): string[] {
  const reasons: string[] = [];
  if (filterText.trim() !== '') reasons.push(invert ? 'the inverted filter' : 'the filter');
  else if (invert) reasons.push('Invert');
  if (type !== 'all') reasons.push(`the ${TRAFFIC_TYPES.find((chip) => chip.type === type)?.label ?? type} chip`);
  if (preserveLogOff) reasons.push('Preserve log off (earlier connections)');
  return reasons;
}
