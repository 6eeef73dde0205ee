/**
 * The core's diff thread: computes result diffs (result-diff.ts) and keeps them for the window to
 * read in windows of rows. Reading and parsing two 5 MB results and walking them is CPU-bound work
 * on what servers sent, so it never runs on the core's event loop.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type { DiffRow, DiffSummary } from '../../../shared/collections.js';
import { valueAtPointer } from '../../../shared/json-pointer.js';
import type { DiffInput, FromDiffThread, ToDiffThread } from './diff-thread-protocol.js';
import { writeFileAtomic } from '../base/atomic-write.js';
import { O_NOFOLLOW } from '../base/no-follow.js';
import { diffValues } from './result-diff.js';
import { stableJson } from './stable-json.js';

/** Diffs kept at once, and rows in all of them; the oldest go first. */
const MAX_DIFFS = 32;
const MAX_KEPT_ROWS = 2_000_000;

const diffs = new Map<string, DiffRow[]>();
const post = (message: FromDiffThread) => parentPort?.postMessage(message);

/** Files are opened without following a link at their name (their paths were checked: contained-path.ts). */
const openNoFollow = (file: string) => openSync(file, constants.O_RDONLY | O_NOFOLLOW);

function readPart(file: string, offset: number, length: number): string {
  const bytes = Buffer.alloc(length);
  const descriptor = openNoFollow(file);
  try {
    readSync(descriptor, bytes, 0, length, offset);
  } finally {
    closeSync(descriptor);
  }
  return bytes.toString('utf8');
}

/** A file, whole or (`offset`, with `length` bytes or the rest) a part, refused past `maxBytes`. */
function readBounded(file: string, maxBytes: number, offset?: number, length?: number): string {
  const descriptor = openNoFollow(file);
  try {
    const size = length ?? fstatSync(descriptor).size - (offset ?? 0);
    if (size > maxBytes) throw new Error(`${file} is larger than ${Math.round(maxBytes / 1_000_000)} MB, so Loupe does not diff it.`);
    if (offset === undefined) return readFileSync(descriptor, 'utf8');
    const bytes = Buffer.alloc(size);
    readSync(descriptor, bytes, 0, size, offset);
    return bytes.toString('utf8');
  } finally {
    closeSync(descriptor);
  }
}

function read(input: DiffInput): unknown {
  if ('value' in input) return input.value;
  if ('entryLine' in input) {
    const { file, offset, length } = input.entryLine;
    const entry = JSON.parse(readPart(file, offset, length)) as { raw?: string; message?: unknown };
    const message = entry.raw !== undefined ? (JSON.parse(entry.raw) as unknown) : entry.message;
    return input.pointer ? valueAtPointer(message, input.pointer) : message;
  }
  let text: string;
  if ('file' in input) {
    text = readBounded(input.file, input.maxBytes, input.offset, input.length);
  } else text = input.json;
  const value: unknown = JSON.parse(text);
  return input.pointer ? valueAtPointer(value, input.pointer) : value;
}

function keep(diffId: string, rows: DiffRow[]): void {
  diffs.set(diffId, rows);
  let total = [...diffs.values()].reduce((sum, kept) => sum + kept.length, 0);
  for (const [oldest, kept] of diffs) {
    if (diffs.size <= MAX_DIFFS && total <= MAX_KEPT_ROWS) break;
    if (oldest === diffId) break;
    diffs.delete(oldest);
    total -= kept.length;
  }
}

parentPort?.on('message', (message: ToDiffThread) => void answer(message));

async function answer(message: ToDiffThread): Promise<void> {
  try {
    if ('compute' in message) {
      const { diffId, before, after, ignore } = message.compute;
      const diff = diffValues(read(before), read(after), ignore);
      keep(diffId, diff.rows);
      const summary: DiffSummary = { diffId, counts: diff.counts, rows: diff.rows.length, notes: diff.notes };
      post({ id: message.id, summary });
    } else if ('rows' in message) {
      const rows = diffs.get(message.rows.diffId);
      if (!rows) throw new Error('That diff is no longer kept: open it again.');
      post({ id: message.id, rows: rows.slice(message.rows.start, message.rows.end) });
    } else if ('write' in message) {
      const { input, file } = message.write;
      // The folder is made (and the path checked) by the core; the file is 0600, written through a new temp file.
      await writeFileAtomic(file, stableJson(read(input)), { durable: false });
      post({ id: message.id, written: true });
    } else {
      diffs.delete(message.close);
      post({ id: message.id, closed: true });
    }
  } catch (error) {
    post({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
}
