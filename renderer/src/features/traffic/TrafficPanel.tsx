import { useCallback, useId, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { TrafficListFilter, TrafficType } from '../../../../shared/traffic';
import { compileRowFilter } from '../../../../shared/filter/traffic-filter';
import { parseTrafficQuery } from '../../../../shared/filter/traffic-query';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { useConnectionsStore } from '../../state/connections/connections-store';
import { proxiedServerNames, useProxyStore } from '../../state/proxy/proxy-store';
import { useServersStore } from '../../state/servers';
import { useLiveTrafficStore } from '../../state/traffic/live-traffic';
import type { PositionList } from '../../state/traffic/position-list';
import type { TrafficSession } from '../../state/traffic/traffic-session';
import { IDLE } from '../../state/traffic/traffic-view';
import { useSessionVersion, useTrafficView } from '../../state/traffic/use-traffic-view';
import { Splitter } from '../../ui/Splitter';
import { useRoomForDetail } from './use-room-for-detail';
import { ImportBanner } from './ImportBanner';
import { ReplayEditor } from './ReplayEditor';
import { RowContextMenu } from './RowContextMenu';
import { SessionsDialog } from './SessionsDialog';
import { TelemetryDialog } from './TelemetryDialog';
import { clearTraffic, exportRows, importFile, openSavedSession, setMaxEntries, setRecording } from './traffic-actions';
import { TrafficDetail } from './TrafficDetail';
import { sessionTitle } from './traffic-files';
import { TrafficFilterBar } from './TrafficFilterBar';
import { useTrafficLayoutStore } from './traffic-layout-store';
import { useTrafficPanelStore } from './traffic-panel-store';
import { TrafficTable } from './TrafficTable';
import { TrafficToolbar } from './TrafficToolbar';
import { TrafficTypeChips } from './TrafficTypeChips';
import { TRAFFIC_TYPES } from './traffic-types';
import { useRowActions } from './use-row-actions';
import { useShownTraffic } from './use-shown-traffic';
import { useSortedRows } from './use-sorted-rows';
// The log's style sheets, one per part, in cascade order.
import './traffic.css';
import './traffic-toolbar.css';
import './traffic-export-menu.css';
import './traffic-chips.css';
import './traffic-import.css';
import './traffic-grid.css';
import './traffic-detail.css';
import './traffic-sessions.css';
import './traffic-telemetry.css';

const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

/** The traffic log: DevTools' Network panel for JSON-RPC, over the live session or an imported file. */
export function TrafficPanel() {
  const api = getApi();
  const state = useTrafficPanelStore(
    useShallow((store) => ({
      filterText: store.filterText,
      invert: store.invert,
      preserveLog: store.preserveLog,
      typeFilter: store.typeFilter,
      sort: store.sort,
      selectedSeq: store.selectedSeq,
      detailOpen: store.detailOpen,
      imported: store.imported,
    })),
  );
  const liveState = useLiveTrafficStore(useShallow((store) => ({ recording: store.recording, maxEntries: store.maxEntries, droppedByCore: store.droppedByCore })));
  const actions = useTrafficPanelStore.getState();
  const { imported } = state;
  const live = imported === null;
  const [actionError, setActionError] = useState<string | null>(null);
  const [sessionsOpen, setSessionsOpen] = useState(false);
  const [tracesOpen, setTracesOpen] = useState(false);
  const errorsId = useId();

  const servers = useServersStore((store) => store.servers);
  const proxiedSessions = useProxyStore((store) => store.sessions);
  const serverNames = useMemo(
    () => new Map([...servers.map((server): [string, string] => [server.id, server.name]), ...proxiedServerNames(proxiedSessions)]),
    [servers, proxiedSessions],
  );
  const serverName = useCallback((id: string) => serverNames.get(id) ?? shortId(id), [serverNames]);
  const isHttpServer = useCallback(
    (id: string) => servers.some((server) => server.id === id && server.transport.type !== 'stdio'),
    [servers],
  );

  const query = useMemo(() => parseTrafficQuery(state.filterText), [state.filterText]);
  const preserveLog = live ? state.preserveLog : true;
  /** The filter as the core runs it over entries the window has not loaded; null when it shows every row. */
  const coreFilter = useMemo<TrafficListFilter | null>(
    () =>
      query.clauses.length > 0 || state.invert || !preserveLog || state.typeFilter !== 'all'
        ? { text: state.filterText, invert: state.invert, type: state.typeFilter, latestOnly: !preserveLog }
        : null,
    [query, state.filterText, state.invert, preserveLog, state.typeFilter],
  );
  const shownTraffic = useShownTraffic(imported?.session ?? null, coreFilter);
  const { session } = shownTraffic;
  const version = useSessionVersion(session);
  const filter = useMemo(
    () => compileRowFilter(session.log, query, { serverName: (id) => serverNames.get(id), invert: state.invert, preserveLog, type: state.typeFilter }),
    [session, query, serverNames, state.invert, preserveLog, state.typeFilter],
  );
  const allRows = useTrafficView(session);
  // With no filter the table shows `allRows`; the filtered view rests until there is one.
  const filteredRows = useTrafficView(session, filter.matchesAll ? IDLE : filter);
  const shown = filter.matchesAll ? allRows : filteredRows;
  const ordered = useSortedRows(session.log, shown.rows, state.sort, version, serverName);
  const hiddenColumns = useTrafficLayoutStore((store) => store.hiddenColumns);

  const run = useCallback(async (what: string, action: () => Promise<void>) => {
    setActionError(null);
    try {
      await action();
    } catch (error) {
      setActionError(`${what}: ${errorMessage(error)}`);
    }
  }, []);
  const toggleRecording = () => run(liveState.recording ? 'Could not pause recording' : 'Could not resume recording', () => setRecording(!liveState.recording));

  const detailWidth = useTrafficLayoutStore((store) => store.detailWidth);
  const setDetailWidth = useTrafficLayoutStore((store) => store.setDetailWidth);
  // Keyboard moves keep the detail as it is; clicks open it.
  const selectRow = useCallback((seq: number, open?: boolean) => {
    const store = useTrafficPanelStore.getState();
    store.select(seq, open ?? store.detailOpen);
  }, []);
  const fetchWhole = useCallback((seq: number) => api.invoke('traffic.get', { seq }), [api]);
  const rowActions = useRowActions({ api, session, live, fetchWhole, run });
  const menuPosition = rowActions.menu ? session.log.positionOfSeq(rowActions.menu.seq) : -1;
  const dropped = live ? liveState.droppedByCore + session.log.evicted + session.log.missing : 0;
  // A row the filter, a type chip or Preserve log hides has no detail either.
  const showDetail = state.detailOpen && state.selectedSeq !== null && (shown.rebuilding || isShown(session, shown.rows, state.selectedSeq, filter.matchesAll));
  useRoomForDetail(showDetail);
  const hiddenBy = hiddenByWhat(state.filterText, state.typeFilter, state.invert, live && !state.preserveLog);
  const anyConnected = useConnectionsStore((store) => Object.values(store.byServer).some((connection) => connection.status === 'connected'));

  return (
    <section className="traffic panel" aria-label="Traffic">
      <TrafficToolbar
        live={live}
        recording={liveState.recording}
        preserveLog={state.preserveLog}
        maxEntries={liveState.maxEntries}
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
        onClear={() => void run('Could not clear the traffic', clearTraffic)}
        onPreserveLog={actions.setPreserveLog}
        onMaxEntries={(value) => void run('Could not change how many entries are kept', () => setMaxEntries(value))}
        onExport={(which) =>
          void run('Could not export the traffic', () => exportRows(which, { session, rows: shown.rows, all: allRows.rows, filtered: !filter.matchesAll, live }))
        }
        onImport={(file) => void run(`Could not open ${file.name}`, () => importFile(file))}
        onSessions={() => setSessionsOpen(true)}
        onTraces={() => setTracesOpen(true)}
      />
      {tracesOpen && <TelemetryDialog onClose={() => setTracesOpen(false)} />}
      {sessionsOpen && (
        <SessionsDialog
          onOpen={(saved) => {
            setSessionsOpen(false);
            void run(`Could not open ${sessionTitle(saved)}`, () => openSavedSession(saved));
          }}
          onClose={() => setSessionsOpen(false)}
        />
      )}
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
      {live && !liveState.recording && (
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
          emptyMessage={emptyMessage(allRows.rows.length, live, liveState.recording, shown.rebuilding, anyConnected)}
          {...(shownTraffic.olderToLoad ? { onNearTop: shownTraffic.loadOlder } : {})}
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
