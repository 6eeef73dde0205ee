import { closeSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { TrafficEntry } from '../../../shared/traffic.js';
import { RECORD_LINE_END, recordLineParts, withMessageFromRaw } from '../../../shared/traffic-line.js';
import { PendingBytes } from './pending-bytes.js';

/** Where one entry's line is: its segment file, byte offset and length. */
interface LinePlace {
  segment: number;
  offset: number;
  length: number;
}

/**
 * Line places by index, in typed arrays grown by doubling: a million entries take 20 MB, not the
 * ~100 MB a million small objects would. Each line's server is kept too (as a number: see
 * `serverNumbers`), so one server's entries can be found without reading the others' lines.
 */
class LinePlaces {
  private segments = new Uint32Array(1024);
  private offsets = new Float64Array(1024);
  private lengths = new Uint32Array(1024);
  private servers = new Uint32Array(1024);
  private count = 0;

  set(index: number, place: LinePlace, server: number): void {
    if (index >= this.segments.length) this.grow(index + 1);
    this.segments[index] = place.segment;
    this.offsets[index] = place.offset;
    this.lengths[index] = place.length;
    this.servers[index] = server;
    this.count = Math.max(this.count, index + 1);
  }

  server(index: number): number {
    return index < 0 || index >= this.count ? 0 : this.servers[index]!;
  }

  get size(): number {
    return this.count;
  }

  get(index: number): LinePlace | undefined {
    if (index < 0 || index >= this.count || this.segments[index] === 0) return undefined;
    return { segment: this.segments[index]!, offset: this.offsets[index]!, length: this.lengths[index]! };
  }

  private grow(needed: number): void {
    let size = this.segments.length;
    while (size < needed) size *= 2;
    const segments = new Uint32Array(size);
    segments.set(this.segments);
    const offsets = new Float64Array(size);
    offsets.set(this.offsets);
    const lengths = new Uint32Array(size);
    lengths.set(this.lengths);
    const servers = new Uint32Array(size);
    servers.set(this.servers);
    this.segments = segments;
    this.offsets = offsets;
    this.lengths = lengths;
    this.servers = servers;
  }
}

export interface JournalOptions {
  /** The session's own folder (created when missing). */
  folder: string;
  /** A segment file is closed and the next one started once it holds this many bytes. */
  segmentBytes: number;
  /** Called once when writing fails (disk full, folder removed): the journal stops, the app goes on. */
  onFailure(message: string): void;
  /** Called after a segment file is closed (the disk budget may need enforcing). */
  onSegmentClosed?(): void;
}

/** Queued entries are written within this long: one write for a burst, not one per call. */
export const JOURNAL_FLUSH_MS = 20;

/** `000001.jsonl`: segment files sort by name in the order they were written. */
export function segmentFileName(segment: number): string {
  return `${String(segment).padStart(6, '0')}.jsonl`;
}

/**
 * One session's traffic on disk, appended as JSON Lines in the export format, one segment file
 * after another. Entries are queued and written together, one write at most JOURNAL_FLUSH_MS
 * later (the traffic log also flushes before it hands a batch to the window), so a crash of the
 * process loses at most the last few milliseconds, none of it seen in the window; the kernel
 * keeps what was written even when the process is killed. Keeps the place of every entry's line,
 * so any entry can be read back whole after memory has let it go.
 */
export class TrafficJournal {
  private fd: number | null = null;
  private segment = 0;
  private segmentSize = 0;
  private queued: TrafficEntry[] = [];
  /** The lines of the flush under way, encoded. */
  private pending = new PendingBytes();
  private flushScheduled = false;
  private failed = false;
  /** Line places by seq − `firstSeq` (segment 0: none). */
  private readonly places = new LinePlaces();
  private firstSeq = -1;
  /** Each serverId journaled, numbered from 1 in the order first seen (0: none). */
  private readonly serverNumbers = new Map<string, number>();
  /** Segments below this number were deleted (disk budget). */
  private firstKeptSegment = 1;

  constructor(private readonly options: JournalOptions) {
    this.options = { ...options };
  }

  get folder(): string {
    return this.options.folder;
  }

  /** Segments started from now on are closed at this size. */
  set segmentBytes(bytes: number) {
    this.options.segmentBytes = bytes;
  }

  /** The segment being written (0 before the first write). */
  get currentSegment(): number {
    return this.segment;
  }

  append(entry: TrafficEntry): void {
    if (this.failed) return;
    this.queued.push(entry);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setTimeout(() => this.flush(), JOURNAL_FLUSH_MS);
    }
  }

  /** Writes every queued entry now. */
  flush(): void {
    this.flushScheduled = false;
    if (this.queued.length === 0 || this.failed) return;
    const entries = this.queued;
    this.queued = [];
    try {
      for (const entry of entries) {
        const length = this.appendLine(entry);
        const before = this.pending.length - length;
        if (this.fd === null || (this.segmentSize + before > 0 && this.segmentSize + this.pending.length > this.options.segmentBytes)) {
          this.writePending(length);
          this.startSegment();
        }
        this.remember(entry, { segment: this.segment, offset: this.segmentSize + this.pending.length - length, length });
      }
      this.writePending(0);
    } catch (error) {
      this.fail(error);
    }
  }

  /** The entry as written, or as queued; undefined when it was never journaled or its segment is gone. */
  read(seq: number): TrafficEntry | undefined {
    const queued = this.queued.find((entry) => entry.seq === seq);
    if (queued) return queued;
    const place = this.placeOf(seq);
    if (!place) return undefined;
    let fd: number | undefined;
    try {
      fd = openSync(this.segmentPath(place.segment), 'r');
      return withMessageFromRaw(JSON.parse(readPlace(fd, place)) as TrafficEntry);
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  /** Where an entry's line is on disk (written first if still queued), for a reader in another thread; undefined when it has none. */
  lineFile(seq: number): { file: string; offset: number; length: number } | undefined {
    this.flush();
    const place = this.placeOf(seq);
    return place ? { file: this.segmentPath(place.segment), offset: place.offset, length: place.length } : undefined;
  }

  /**
   * Reads chosen entries' lines as written (no parse), keeping each segment file open until
   * `close`: an export of thousands of older entries opens each file once, not once per entry.
   */
  lineReader(): { line(seq: number): string | undefined; close(): void } {
    this.flush();
    const open = new Map<number, number | null>();
    const fdOf = (segment: number): number | null => {
      let fd = open.get(segment);
      if (fd === undefined) {
        try {
          fd = openSync(this.segmentPath(segment), 'r');
        } catch {
          fd = null; // Deleted to keep within the disk budget: its entries are gone.
        }
        open.set(segment, fd);
      }
      return fd;
    };
    return {
      line: (seq) => {
        const place = this.placeOf(seq);
        const fd = place ? fdOf(place.segment) : null;
        return place && fd !== null ? readPlace(fd, place) : undefined;
      },
      close: () => {
        for (const fd of open.values()) if (fd !== null) closeSync(fd);
        open.clear();
      },
    };
  }

  /**
   * The lines of the entries from `fromSeq` on, as written: whole lines from one segment file, about
   * `maxBytes` at most (one longer line comes whole). Entries whose segments were deleted are
   * skipped, and so are entries from `beforeSeq` on. `lastSeq` is the last entry read; undefined
   * when there is nothing in that range.
   */
  readLines(fromSeq: number, maxBytes: number, beforeSeq = Number.POSITIVE_INFINITY): { text: string; lastSeq: number } | undefined {
    this.flush();
    if (this.firstSeq < 0) return undefined;
    // Skips entries without a line: in deleted segments, or recorded while writing had failed.
    let seq = Math.max(fromSeq, this.firstSeq);
    let first: LinePlace | undefined;
    for (; seq < beforeSeq && seq - this.firstSeq < this.places.size; seq++) {
      first = this.places.get(seq - this.firstSeq);
      if (first && first.segment >= this.firstKeptSegment) break;
      first = undefined;
    }
    if (!first) return undefined;
    let lastSeq = seq;
    let end = first.offset + first.length;
    for (let next = this.places.get(lastSeq + 1 - this.firstSeq); next; next = this.places.get(lastSeq + 1 - this.firstSeq)) {
      if (lastSeq + 1 >= beforeSeq || next.segment !== first.segment || next.offset !== end || next.offset + next.length - first.offset > maxBytes) break;
      lastSeq++;
      end = next.offset + next.length;
    }
    const buffer = Buffer.allocUnsafe(end - first.offset);
    const fd = openSync(join(this.options.folder, segmentFileName(first.segment)), 'r');
    try {
      let read = 0;
      while (read < buffer.length) {
        const got = readSync(fd, buffer, read, buffer.length - read, first.offset + read);
        if (got === 0) break;
        read += got;
      }
      return { text: buffer.toString('utf8', 0, read), lastSeq };
    } finally {
      closeSync(fd);
    }
  }

  /**
   * A test of whether an entry on disk is of the given server (false for one without a line), cheap
   * enough to run over every seq of a long session: no line is read.
   */
  serverTest(serverId: string): (seq: number) => boolean {
    this.flush();
    const server = this.serverNumbers.get(serverId);
    if (server === undefined) return () => false;
    return (seq) => this.firstSeq >= 0 && this.places.server(seq - this.firstSeq) === server && this.placeOf(seq) !== undefined;
  }

  /** Forgets segments below `segment` (their files were deleted to keep within the disk budget). */
  forgetSegmentsBelow(segment: number): void {
    this.firstKeptSegment = Math.max(this.firstKeptSegment, segment);
  }

  close(): void {
    this.flush();
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  /** Adds the entry's line to what is pending; returns its length in bytes. */
  private appendLine(entry: TrafficEntry): number {
    const { head, raw } = recordLineParts(entry);
    return raw === undefined ? this.pending.append(head) : this.pending.appendWithJsonString(head, raw, RECORD_LINE_END);
  }

  /** Where an entry's line is, unless it has none (never written, or its segment was deleted). */
  private placeOf(seq: number): LinePlace | undefined {
    const place = this.firstSeq < 0 ? undefined : this.places.get(seq - this.firstSeq);
    return place && place.segment >= this.firstKeptSegment ? place : undefined;
  }

  private segmentPath(segment: number): string {
    return join(this.options.folder, segmentFileName(segment));
  }

  private remember({ seq, serverId }: TrafficEntry, place: LinePlace): void {
    if (this.firstSeq < 0) this.firstSeq = seq;
    let server = this.serverNumbers.get(serverId);
    if (server === undefined) this.serverNumbers.set(serverId, (server = this.serverNumbers.size + 1));
    this.places.set(seq - this.firstSeq, place, server);
  }

  private startSegment(): void {
    if (this.fd !== null) {
      closeSync(this.fd);
      this.fd = null;
      this.options.onSegmentClosed?.();
    }
    mkdirSync(this.options.folder, { recursive: true, mode: 0o700 });
    this.segment++;
    this.fd = openSync(join(this.options.folder, segmentFileName(this.segment)), 'a', 0o600);
    this.segmentSize = 0;
  }

  /** Writes what is pending but its last `keepBytes` (the line that starts the next segment). */
  private writePending(keepBytes: number): void {
    const fd = this.fd;
    this.pending.drain((bytes) => {
      if (fd === null) return;
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
      this.segmentSize += bytes.length;
    }, keepBytes);
  }

  private fail(error: unknown): void {
    this.failed = true;
    this.queued = [];
    this.pending = new PendingBytes();
    try {
      if (this.fd !== null) closeSync(this.fd);
    } catch {
      // already unusable
    }
    this.fd = null;
    this.options.onFailure(
      `Traffic is no longer saved to disk (${error instanceof Error ? error.message : String(error)}). The log in the window goes on; what was saved so far is kept.`,
    );
  }
}

/** One line's text, read from its place in an open segment file. */
function readPlace(fd: number, place: LinePlace): string {
  const buffer = Buffer.allocUnsafe(place.length);
  const read = readSync(fd, buffer, 0, place.length, place.offset);
  return buffer.toString('utf8', 0, read);
}
