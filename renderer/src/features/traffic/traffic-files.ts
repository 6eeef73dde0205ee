import { parseTrafficJsonl, type ParsedTraffic } from '../../../../shared/traffic-jsonl';
import { collectExport } from '../../../../shared/traffic-export';
import type { LoupeApi } from '../../../../shared/contract';
import type { SessionPiece, TrafficEntry, TrafficExportQuery, TrafficSessionSummary } from '../../../../shared/traffic';
import { formatBytes } from '../../ui/format';
import type { CompactTrafficLog } from '../../state/traffic/compact-traffic-log';
import type { PositionList } from '../../state/traffic/position-list';

/** Lines parsed between two yields to the page, so a large file does not freeze it. */
const LINES_PER_SLICE = 2_000;

/** Saves text (or its parts, in order) as a file through the browser's download (works in Electron too). */
export function downloadText(text: string | readonly string[], fileName: string, type = 'application/x-ndjson'): void {
  const url = URL.createObjectURL(new Blob(typeof text === 'string' ? [text] : [...text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; give slow machines a moment before freeing the blob.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * The live log's export (the chosen entries, one server's, or the whole log since it was cleared,
 * older entries read from disk by the core), gathered piece by piece without one giant string, and
 * how many entries it holds.
 */
export async function collectLiveExport(api: Pick<LoupeApi, 'invoke'>, which: Pick<TrafficExportQuery, 'seqs' | 'serverId'> = {}): Promise<{ parts: string[]; entries: number }> {
  const parts = await collectExport((query) => api.invoke('traffic.export', query), which);
  let entries = 0;
  for (const part of parts) for (let at = part.indexOf('\n'); at >= 0; at = part.indexOf('\n', at + 1)) entries++;
  return { parts, entries };
}

/** Downloads the live log's export (see collectLiveExport) as one file. */
export async function downloadLiveExport(api: Pick<LoupeApi, 'invoke'>, fileName: string, seqs?: number[]): Promise<void> {
  downloadText((await collectLiveExport(api, seqs ? { seqs } : {})).parts, fileName);
}

/** e.g. `loupe-traffic-2025-06-01-140307.jsonl` (or `.har`), in local time. */
export function exportFileName(date = new Date(), suffix = '', extension = 'jsonl'): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
  return `loupe-traffic-${day}-${time}${suffix}.${extension}`;
}

/** The seqs behind the shown rows: each row's entry and its response, oldest first. */
export function seqsOfRows(log: CompactTrafficLog, rows: PositionList): number[] {
  const seqs: number[] = [];
  for (let index = 0; index < rows.length; index++) {
    const position = rows.at(index);
    seqs.push(log.seq(position));
    const partner = log.partner(position);
    if (partner >= 0) seqs.push(log.seq(partner));
  }
  return seqs.sort((a, b) => a - b);
}

/** The shown rows as entries (for an imported session, which only the renderer holds). */
export function entriesOfRows(log: CompactTrafficLog, rows: PositionList): TrafficEntry[] {
  const positions: number[] = [];
  for (let index = 0; index < rows.length; index++) {
    const position = rows.at(index);
    positions.push(position);
    const partner = log.partner(position);
    if (partner >= 0) positions.push(partner);
  }
  return positions.sort((a, b) => a - b).map((position) => log.entry(position));
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export interface ImportedFile extends ParsedTraffic {
  /** Entries whose seq repeated an earlier one: left out. */
  duplicates: number;
}

/**
 * Reads a JSON Lines export a slice of lines at a time (yielding between slices), then orders
 * the entries by seq. Line numbers in `errors` are the file's own.
 */
export async function parseTrafficFile(text: string): Promise<ImportedFile> {
  const lines = text.split('\n');
  const entries: TrafficEntry[] = [];
  const errors: ParsedTraffic['errors'] = [];
  for (let first = 0; first < lines.length; first += LINES_PER_SLICE) {
    const slice = parseTrafficJsonl(lines.slice(first, first + LINES_PER_SLICE).join('\n'));
    // Files written elsewhere may lack a connection id; one shared id keeps their entries together.
    for (const entry of slice.entries) entries.push(typeof entry.connectionId === 'string' ? entry : { ...entry, connectionId: 'imported' });
    for (const error of slice.errors) errors.push({ line: error.line + first, message: error.message });
    await nextTask();
  }
  entries.sort((a, b) => a.seq - b.seq);
  const unique: TrafficEntry[] = [];
  for (const entry of entries) {
    if (unique.length === 0 || unique[unique.length - 1]!.seq !== entry.seq) unique.push(entry);
  }
  return { entries: unique, errors, duplicates: entries.length - unique.length };
}

/** Most of a saved session read into the window at once: a string this long is still safe to hold and parse. */
export const MAX_SESSION_READ_BYTES = 256 * 1024 * 1024;

/** e.g. "Session of 3 Dec 2026, 23:45:12": how a saved session is named on screen. */
export function sessionTitle(session: Pick<TrafficSessionSummary, 'startedAt' | 'current'>): string {
  const started = new Date(session.startedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
  return session.current ? `This session (started ${started})` : `Session of ${started}`;
}

/**
 * A saved session's record, read piece by piece (each reply is whole lines, about 1 MB), up to
 * MAX_SESSION_READ_BYTES; the note says when only its start was read.
 */
export async function readSavedSession(api: Pick<LoupeApi, 'invoke'>, session: Pick<TrafficSessionSummary, 'id'>): Promise<{ text: string; note?: string }> {
  const pieces: string[] = [];
  let read = 0;
  let offset: number | null = 0;
  let total = 0;
  while (offset !== null && read < MAX_SESSION_READ_BYTES) {
    const piece: SessionPiece = await api.invoke('traffic.sessions.read', { id: session.id, offset });
    pieces.push(piece.text);
    total = piece.bytes;
    read += (piece.nextOffset ?? piece.bytes) - offset;
    offset = piece.nextOffset;
  }
  const text = pieces.join('');
  if (offset === null) return { text };
  return { text, note: `Only the first ${formatBytes(read)} of this ${formatBytes(total)} session are shown.` };
}
