import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { lstat, mkdir, open, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Notice } from '../../../shared/contract.js';
import { DEFAULT_DISK_BUDGET_BYTES, MIN_DISK_BUDGET_BYTES, SESSION_ID_PATTERN, type ProxiedSessionMark, type SessionPiece, type TrafficSessionSummary } from '../../../shared/traffic.js';
import { isAlive } from '../base/data-folder-lock.js';
import { LoupeError } from '../../../shared/wire.js';
import { writeFileAtomic } from '../base/atomic-write.js';
import { movedAsideMessage, readJsonFile } from '../base/json-file.js';
import { writeProxyNames, type ProxyNames } from './proxy-names.js';
import { segmentFileName, TrafficJournal } from './traffic-journal.js';

export const TRAFFIC_FOLDER = 'traffic';
const SETTINGS_FILE = 'settings.json';
const SESSION_FILE = 'session.json';
const SEGMENT_NAME = /^\d{6}\.jsonl$/;

/** At most this much of a session's record per `traffic.sessions.read` reply (whole lines). */
export const SESSION_PIECE_BYTES = 1024 * 1024;

interface SegmentFile {
  name: string;
  bytes: number;
}

interface SessionOnDisk {
  id: string;
  startedAt: number;
  endedAt: number;
  segments: SegmentFile[];
  bytes: number;
  /** Another process (a `loupe proxy`) is writing it now: the budget leaves it alone. */
  live: boolean;
  proxied?: ProxiedSessionMark;
}

/** What a session's session.json says. */
interface SessionFile {
  startedAt?: number;
  pid?: number;
  proxied?: ProxiedSessionMark;
}

/** Who writes a session: the app, or a `loupe proxy` (which writes its own folder only, and keeps only itself within the budget). */
export interface SessionOwner {
  proxied?: ProxiedSessionMark;
}

/** e.g. `2026-12-03T23-45-12-345Z-1a2b`: sorts by start time, and is safe as a folder name. */
function newSessionId(now: Date): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(2).toString('hex')}`;
}

/** Segment size for a budget: small enough that the budget is kept by dropping a few of them. */
function segmentBytesFor(budget: number): number {
  return Math.min(64 * 1024 * 1024, Math.max(1024 * 1024, Math.floor(budget / 8)));
}

/**
 * The traffic record's folder: one sub-folder per app session, each a series of JSON Lines
 * segments written by a TrafficJournal. Keeps the whole folder within a disk budget by deleting the
 * oldest sessions first and then the current session's oldest segments, and reads earlier
 * sessions back, read-only, in pieces.
 */
export class TrafficSessions {
  readonly journal: TrafficJournal;
  private enforcing: Promise<void> = Promise.resolve();
  private readonly proxyNames: ProxyNames = new Map();
  private namingProxies: Promise<void> = Promise.resolve();

  private constructor(
    private readonly root: string,
    readonly currentId: string,
    private budget: number,
    private readonly onNotice: (notice: Notice) => void,
    private readonly owner: SessionOwner,
  ) {
    this.journal = new TrafficJournal({
      folder: join(root, currentId),
      segmentBytes: segmentBytesFor(budget),
      onFailure: (message) => onNotice({ id: 'traffic-journal-failed', level: 'warning', message }),
      onSegmentClosed: () => void this.enforceBudget(),
    });
  }

  static async open(dataDir: string, onNotice: (notice: Notice) => void, now = new Date(), owner: SessionOwner = {}): Promise<TrafficSessions> {
    const root = join(dataDir, TRAFFIC_FOLDER);
    await mkdir(root, { recursive: true, mode: 0o700 });
    const budget = await readBudget(join(root, SETTINGS_FILE), onNotice);
    const id = newSessionId(now);
    await mkdir(join(root, id), { mode: 0o700 });
    const file: SessionFile = { startedAt: now.getTime(), pid: process.pid, ...(owner.proxied ? { proxied: owner.proxied } : {}) };
    await writeFileAtomic(join(root, id, SESSION_FILE), JSON.stringify(file));
    const sessions = new TrafficSessions(root, id, budget, onNotice, owner);
    await sessions.enforceBudget();
    return sessions;
  }

  get diskBudget(): number {
    return this.budget;
  }

  async setDiskBudget(bytes: number): Promise<void> {
    this.budget = bytes;
    this.journal.segmentBytes = segmentBytesFor(bytes);
    await writeFileAtomic(join(this.root, SETTINGS_FILE), JSON.stringify({ diskBudgetBytes: bytes }));
    await this.enforceBudget();
  }

  /** Every session on disk, newest first. */
  async list(): Promise<TrafficSessionSummary[]> {
    this.journal.flush();
    const sessions = await this.scan();
    return sessions
      .map((session) => ({
        id: session.id,
        startedAt: session.startedAt,
        endedAt: session.endedAt,
        bytes: session.bytes,
        current: session.id === this.currentId,
        partial: session.segments.length > 0 && session.segments[0]!.name !== segmentFileName(1),
        ...(session.proxied ? { proxied: session.proxied } : {}),
        ...(session.live ? { live: true } : {}),
      }))
      .reverse();
  }

  /**
   * Whole lines of a session's record from `offset` (a position in its segments read one after
   * another), at most SESSION_PIECE_BYTES unless one line is longer.
   */
  async read(id: string, offset: number): Promise<SessionPiece> {
    if (id === this.currentId) this.journal.flush();
    const session = (await this.scan()).find((candidate) => candidate.id === id);
    if (!session) throw new LoupeError(`There is no saved session ${id}: it may have been deleted to keep within the disk budget.`, 'not-found');
    let start = 0;
    for (const segment of session.segments) {
      if (offset < start + segment.bytes) {
        const text = readLines(join(this.root, id, segment.name), offset - start, segment.bytes);
        const next = offset + text.consumed;
        return { text: text.body + (text.endsWithNewline ? '' : '\n'), nextOffset: next < session.bytes ? next : null, bytes: session.bytes };
      }
      start += segment.bytes;
    }
    return { text: '', nextOffset: null, bytes: session.bytes };
  }

  async remove(id: string): Promise<void> {
    if (id === this.currentId) throw new LoupeError('The current session cannot be deleted while it is recording; clear the log instead.', 'invalid');
    if (!SESSION_ID_PATTERN.test(id)) throw new LoupeError(`There is no saved session ${id}.`, 'not-found');
    if ((await this.scan()).some((session) => session.id === id && session.live)) {
      throw new LoupeError('A loupe proxy is still writing this session; it can be deleted once the proxy ends.', 'invalid');
    }
    await rm(join(this.root, id), { recursive: true, force: true });
  }

  /** A `loupe proxy` linked and records into this session under `serverId`: its name is kept beside the record (proxy-names.ts). */
  nameProxy(serverId: string, name: string): Promise<void> {
    this.proxyNames.set(serverId, name);
    this.namingProxies = this.namingProxies
      .then(() => writeProxyNames(join(this.root, this.currentId), this.proxyNames))
      .catch((error: unknown) => {
        this.onNotice({ id: 'traffic-proxy-names', level: 'warning', message: `Could not save which loupe proxy is which in this session, so loupe mock will not find them by name (${error instanceof Error ? error.message : String(error)}).` });
      });
    return this.namingProxies;
  }

  close(): void {
    this.journal.close();
  }

  /**
   * Deletes the oldest sessions, then the current one's oldest closed segments, until the folder
   * fits the budget. A session another process is writing (a live proxy's) is never deleted. A
   * proxy deletes nothing but its own oldest segments, and only once its own session is over budget.
   */
  enforceBudget(): Promise<void> {
    this.enforcing = this.enforcing.then(async () => {
      const sessions = await this.scan();
      const ownOnly = this.owner.proxied !== undefined;
      let total = ownOnly ? (sessions.find((session) => session.id === this.currentId)?.bytes ?? 0) : sessions.reduce((sum, session) => sum + session.bytes, 0);
      for (const session of ownOnly ? [] : sessions) {
        if (total <= this.budget) return;
        if (session.id === this.currentId || session.live) continue;
        await rm(join(this.root, session.id), { recursive: true, force: true });
        total -= session.bytes;
      }
      const current = sessions.find((session) => session.id === this.currentId);
      for (const segment of current?.segments ?? []) {
        if (total <= this.budget) return;
        const number = Number(segment.name.slice(0, 6));
        if (number >= this.journal.currentSegment) return;
        this.journal.forgetSegmentsBelow(number + 1);
        await rm(join(this.root, this.currentId, segment.name), { force: true });
        total -= segment.bytes;
      }
    }).catch((error: unknown) => {
      this.onNotice({ id: 'traffic-budget', level: 'warning', message: `Could not keep the saved traffic within its disk budget (${error instanceof Error ? error.message : String(error)}).` });
    });
    return this.enforcing;
  }

  /** The sessions in the folder, oldest first. */
  private async scan(): Promise<SessionOnDisk[]> {
    const names = (await readdir(this.root)).filter((name) => SESSION_ID_PATTERN.test(name)).sort();
    const sessions: SessionOnDisk[] = [];
    for (const id of names) {
      const folder = join(this.root, id);
      // Only folders and files Loupe wrote are read: a symbolic link (to a file elsewhere) is never followed.
      if (!(await lstat(folder).catch(() => undefined))?.isDirectory()) continue;
      let files: string[];
      try {
        files = (await readdir(folder)).filter((name) => SEGMENT_NAME.test(name)).sort();
      } catch {
        continue; // deleted meanwhile, or not a folder
      }
      const segments: SegmentFile[] = [];
      let endedAt = 0;
      for (const name of files) {
        const info = await lstat(join(folder, name)).catch(() => undefined);
        if (!info?.isFile()) continue;
        segments.push({ name, bytes: info.size });
        endedAt = Math.max(endedAt, info.mtimeMs);
      }
      const file = await readSessionFile(join(folder, SESSION_FILE));
      const startedAt = typeof file.startedAt === 'number' ? file.startedAt : undefined;
      const bytes = segments.reduce((sum, segment) => sum + segment.bytes, 0);
      const live = id !== this.currentId && typeof file.pid === 'number' && file.pid !== process.pid && file.proxied !== undefined && isAlive(file.pid);
      sessions.push({ id, startedAt: startedAt ?? endedAt, endedAt: endedAt || (startedAt ?? 0), segments, bytes, live, ...(isProxiedMark(file.proxied) ? { proxied: file.proxied } : {}) });
    }
    return sessions;
  }
}

/** A session.json is a few fields: anything larger was not written by Loupe. */
const MAX_SESSION_FILE_BYTES = 64 * 1024;

/**
 * Read without following a link (O_NOFOLLOW), and only when it is a plain file no larger than its
 * bound; O_NONBLOCK keeps a FIFO planted there from holding the open forever.
 */
async function readSessionFile(path: string): Promise<SessionFile> {
  try {
    const handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    let text: string;
    try {
      const info = await handle.stat();
      if (!info.isFile() || info.size > MAX_SESSION_FILE_BYTES) return {};
      text = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
    if (text.length > MAX_SESSION_FILE_BYTES) return {};
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value) : {};
  } catch {
    return {};
  }
}

function isProxiedMark(value: unknown): value is ProxiedSessionMark {
  const mark = value as Partial<ProxiedSessionMark> | undefined;
  return typeof mark === 'object' && mark !== null && typeof mark.name === 'string' && typeof mark.target === 'string';
}

async function readBudget(path: string, onNotice: (notice: Notice) => void): Promise<number> {
  const read = await readJsonFile(path);
  if (read.status === 'moved-aside') {
    onNotice({ id: 'traffic-settings-moved-aside', level: 'warning', message: movedAsideMessage('The saved traffic settings', path, read) });
    return DEFAULT_DISK_BUDGET_BYTES;
  }
  if (read.status !== 'ok') return DEFAULT_DISK_BUDGET_BYTES;
  const budget = (read.value as { diskBudgetBytes?: unknown } | null)?.diskBudgetBytes;
  if (typeof budget === 'number' && Number.isSafeInteger(budget) && budget >= MIN_DISK_BUDGET_BYTES) return budget;
  onNotice({ id: 'traffic-settings-invalid', level: 'warning', message: `The saved traffic disk budget in ${path} is not a number of bytes of at least ${MIN_DISK_BUDGET_BYTES}; the default (1 GB) is used.` });
  return DEFAULT_DISK_BUDGET_BYTES;
}

/**
 * Whole lines of one segment file from `offset`: up to SESSION_PIECE_BYTES, or to the end of the
 * first line when it is longer. A segment cut short by a crash may end mid-line; that is returned as is.
 */
function readLines(path: string, offset: number, size: number): { body: string; consumed: number; endsWithNewline: boolean } {
  // O_NOFOLLOW: a segment swapped for a link after the scan is refused too (POSIX; Windows has no such flag).
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    let want = Math.min(SESSION_PIECE_BYTES, size - offset);
    for (;;) {
      const buffer = Buffer.allocUnsafe(want);
      const bytes = buffer.subarray(0, readSync(fd, buffer, 0, want, offset));
      const lastNewline = bytes.lastIndexOf(0x0a);
      if (offset + bytes.length >= size || bytes.length < want) {
        return { body: bytes.toString('utf8'), consumed: bytes.length, endsWithNewline: lastNewline === bytes.length - 1 };
      }
      if (lastNewline >= 0) return { body: bytes.toString('utf8', 0, lastNewline + 1), consumed: lastNewline + 1, endsWithNewline: true };
      want = Math.min(want * 2, size - offset);
    }
  } finally {
    closeSync(fd);
  }
}
