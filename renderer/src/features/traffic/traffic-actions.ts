/** What the traffic panel's toolbar does: recording, retention, clear, export, and opening a record to view. */
import { serializeTrafficEntries } from '../../../../shared/traffic-jsonl';
import { recordedOutcomes } from '../../../../shared/traffic-outcomes';
import type { TrafficSessionSummary } from '../../../../shared/traffic';
import { getApi } from '../../bridge/api';
import { browserFrames } from '../../state/traffic/browser-frames';
import { useLiveTrafficStore } from '../../state/traffic/live-traffic';
import type { PositionList } from '../../state/traffic/position-list';
import { TrafficSession } from '../../state/traffic/traffic-session';
import { downloadLiveExport, downloadText, entriesOfRows, exportFileName, parseTrafficFile, readSavedSession, seqsOfRows, sessionTitle } from './traffic-files';
import { useTrafficPanelStore, type ImportedTraffic } from './traffic-panel-store';
import type { ExportChoice } from './ExportMenu';

export async function setRecording(recording: boolean): Promise<void> {
  useLiveTrafficStore.getState().applySettings(await getApi().invoke('traffic.settings', { recording }));
}

export async function setMaxEntries(maxEntries: number): Promise<void> {
  useLiveTrafficStore.getState().applySettings(await getApi().invoke('traffic.settings', { maxEntries }));
}

export async function clearTraffic(): Promise<void> {
  await getApi().invoke('traffic.clear');
}

/**
 * Exports the rows shown (`visible`) or all: from the core for the live log, from the record
 * itself when one is open; or the live log's HTTP exchanges as HAR 1.2 (`traffic.exportHar`).
 */
export async function exportRows(which: ExportChoice, shown: { session: TrafficSession; rows: PositionList; all: PositionList; filtered: boolean; live: boolean }): Promise<void> {
  if (which === 'har') return exportHar();
  const suffix = which === 'visible' && shown.filtered ? '-filtered' : '';
  const rows = which === 'visible' ? shown.rows : shown.all;
  if (!shown.live) {
    downloadText(serializeTrafficEntries(entriesOfRows(shown.session.log, rows)), exportFileName(new Date(), suffix));
    return;
  }
  await downloadLiveExport(getApi(), exportFileName(new Date(), suffix), which === 'visible' ? seqsOfRows(shown.session.log, shown.rows) : undefined);
}

/** Saves the core's HAR of the log's HTTP exchanges; a log without any says so instead of saving an empty file. */
async function exportHar(): Promise<void> {
  const har = await getApi().invoke('traffic.exportHar');
  if (har.exchanges === 0) throw new Error('the log holds no HTTP exchanges (HAR covers Streamable HTTP, SSE and OAuth traffic, not stdio).');
  downloadText(har.text, exportFileName(new Date(), '', 'har'), 'application/json');
}

/** Shows a traffic record read-only, in place of the live log, while `read` fetches its text. */
async function openRecord(what: string, source: ImportedTraffic['source'], read: () => Promise<{ text: string; note?: string }>): Promise<void> {
  const panel = useTrafficPanelStore.getState();
  const importedSession = new TrafficSession(1_000, browserFrames);
  const stillShown = () => useTrafficPanelStore.getState().imported?.session === importedSession;
  const shown = { fileName: what, source, session: importedSession, errors: [], duplicates: 0 };
  panel.setImported({ ...shown, loading: true });
  try {
    const { text, note } = await read();
    const parsed = await parseTrafficFile(text);
    if (!stillShown()) return;
    importedSession.log.setCapacity(Math.max(1_000, parsed.entries.length));
    // Nothing in a record is still running: its requests end as the record says (the same model as the core's).
    const outcomes = recordedOutcomes(parsed.entries);
    importedSession.enqueue(parsed.entries);
    importedSession.enqueueOutcomes(outcomes);
    panel.setImported({ ...shown, errors: parsed.errors, duplicates: parsed.duplicates, loading: false, ...(note ? { note } : {}) });
  } catch (error) {
    if (stillShown()) panel.setImported(null);
    throw error;
  }
}

export function importFile(file: File): Promise<void> {
  return openRecord(file.name, 'file', async () => ({ text: await file.text() }));
}

export function openSavedSession(session: TrafficSessionSummary): Promise<void> {
  return openRecord(sessionTitle(session), 'session', () => readSavedSession(getApi(), session));
}
