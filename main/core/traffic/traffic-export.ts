/**
 * `traffic.export`, one piece at a time: the newest entries from memory (which may hold more than
 * was written, such as HTTP headers attached later), older ones from the record on disk, each piece
 * whole JSON Lines of about TRAFFIC_PAGE_BYTES, with secret values redacted.
 */
import { TRAFFIC_PAGE_BYTES, type TrafficEntry, type TrafficExportPiece, type TrafficExportQuery } from '../../../shared/traffic.js';
import { withoutLiveStamps } from '../../../shared/traffic-line.js';
import { redactSecrets } from './redact-secrets.js';
import type { TrafficJournal } from './traffic-journal.js';
import type { TrafficRecord } from './traffic-record.js';

export interface ExportSources {
  memory: TrafficRecord;
  journal: TrafficJournal | undefined;
  /** Entries up to this seq were cleared from the log: exports leave them out. */
  clearedThrough: number;
}

/** The seqs a piece may hold: after `after`, up to `through`. */
interface SeqRange {
  after: number;
  through: number;
}

type Lines = Omit<TrafficExportPiece, 'throughSeq'>;

/** Most seqs one piece of a server's export looks at, so a long session's export stalls nothing. */
export const SERVER_SCAN_PER_PIECE = 50_000;

const lineOf = (entry: TrafficEntry) => `${JSON.stringify(withoutLiveStamps(entry))}\n`;
const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

export function exportPiece(sources: ExportSources, query: TrafficExportQuery, secrets: readonly string[], maxBytes = TRAFFIC_PAGE_BYTES): TrafficExportPiece {
  const range = { after: Math.max(query.afterSeq ?? 0, sources.clearedThrough), through: query.throughSeq ?? sources.memory.lastSeq };
  const lines =
    query.serverId !== undefined
      ? serverEntries(sources, query.serverId, range, maxBytes)
      : query.seqs
        ? chosenEntries(sources, query.seqs, range, maxBytes)
        : wholeLog(sources, range, maxBytes);
  const { nextAfterSeq } = lines;
  return {
    text: redactSecrets(lines.text, secrets),
    nextAfterSeq: nextAfterSeq !== null && nextAfterSeq < range.through ? nextAfterSeq : null,
    throughSeq: range.through,
  };
}

function chosenEntries(sources: ExportSources, seqs: readonly number[], { after, through }: SeqRange, maxBytes: number): Lines {
  const wanted = [...new Set(seqs)].filter((seq) => seq > after && seq <= through).sort((a, b) => a - b);
  return linesOf(sources, wanted, maxBytes);
}

/**
 * One server's entries (a proxied session's), however many memory has let go. A piece may come
 * empty when the seqs it looked at were all of other servers; the reader asks on.
 */
function serverEntries(sources: ExportSources, serverId: string, { after, through }: SeqRange, maxBytes: number): Lines {
  const onDisk = sources.journal?.serverTest(serverId);
  const scanEnd = Math.min(through, after + SERVER_SCAN_PER_PIECE);
  const lines = linesOf(sources, seqsFrom(after + 1, scanEnd), maxBytes, (seq, entry) => (entry ? entry.serverId === serverId : onDisk?.(seq) === true));
  return lines.nextAfterSeq === null && scanEnd < through ? { text: lines.text, nextAfterSeq: scanEnd } : lines;
}

function* seqsFrom(first: number, last: number): Iterable<number> {
  for (let seq = first; seq <= last; seq++) yield seq;
}

/**
 * The lines of the given seqs (ascending) that `take` takes, about `maxBytes` at most. Memory's
 * entry is the fuller one (HTTP headers attached later); older ones come from disk as written.
 */
function linesOf(sources: ExportSources, seqs: Iterable<number>, maxBytes: number, take: (seq: number, entry: TrafficEntry | undefined) => boolean = () => true): Lines {
  let text = '';
  let bytes = 0;
  const disk = sources.journal?.lineReader();
  try {
    for (const seq of seqs) {
      const entry = sources.memory.get(seq);
      if (!take(seq, entry)) continue;
      const line = entry ? lineOf(entry) : disk?.line(seq);
      if (line === undefined) continue;
      const lineBytes = bytesOf(line);
      if (text !== '' && bytes + lineBytes > maxBytes) return { text, nextAfterSeq: seq - 1 };
      text += line;
      bytes += lineBytes;
    }
  } finally {
    disk?.close();
  }
  return { text, nextAfterSeq: null };
}

function wholeLog(sources: ExportSources, { after, through }: SeqRange, maxBytes: number): Lines {
  const oldestInMemory = sources.memory.oldestSeq;
  if (sources.journal && (oldestInMemory === undefined || after + 1 < oldestInMemory)) {
    const fromDisk = sources.journal.readLines(after + 1, maxBytes, Math.min(oldestInMemory ?? Number.POSITIVE_INFINITY, through + 1));
    if (fromDisk) return { text: fromDisk.text, nextAfterSeq: fromDisk.lastSeq };
  }
  let text = '';
  let bytes = 0;
  let nextAfterSeq: number | null = null;
  let last = after;
  sources.memory.forEachAfter(after, (entry) => {
    if (entry.seq > through) return false;
    const line = lineOf(entry);
    const lineBytes = bytesOf(line);
    if (text !== '' && bytes + lineBytes > maxBytes) {
      nextAfterSeq = last;
      return false;
    }
    text += line;
    bytes += lineBytes;
    last = entry.seq;
    return true;
  });
  return { text, nextAfterSeq };
}
