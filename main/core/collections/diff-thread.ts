/**
 * The core's diff thread: computes result diffs (result-diff.ts) and keeps them for the window to
 * read in windows of rows. Reading and parsing two 5 MB results and walking them is CPU-bound work
 * on what servers sent, so it never runs on the core's event loop.
 */
import { closeSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import type { DiffRow, DiffSummary } from '../../../shared/collections.js';
import { valueAtPointer } from '../../../shared/json-pointer.js';
import type { DiffInput, FromDiffThread, ToDiffThread } from './diff-thread-protocol.js';
import { diffValues } from './result-diff.js';
import { stableJson } from './stable-json.js';

/** Diffs kept at once, and rows in all of them; the oldest go first. */
const MAX_DIFFS = 32;
const MAX_KEPT_ROWS = 2_000_000;

const diffs = new Map<string, DiffRow[]>();
const post = (message: FromDiffThread) => parentPort?.postMessage(message);

function readPart(file: string, offset: number, length: number): string {
  const bytes = Buffer.alloc(length);
  const descriptor = openSync(file, 'r');
  try {
    readSync(descriptor, bytes, 0, length, offset);
  } finally {
    closeSync(descriptor);
  }
  return bytes.toString('utf8');
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
    const size = input.length ?? statSync(input.file).size;
    if (size > input.maxBytes) throw new Error(`${input.file} is larger than ${Math.round(input.maxBytes / 1_000_000)} MB, so Loupe does not diff it.`);
    text = input.offset === undefined ? readFileSync(input.file, 'utf8') : readPart(input.file, input.offset, size);
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

parentPort?.on('message', (message: ToDiffThread) => {
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
      mkdirSync(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, stableJson(read(input)));
      renameSync(temp, file);
      post({ id: message.id, written: true });
    } else {
      diffs.delete(message.close);
      post({ id: message.id, closed: true });
    }
  } catch (error) {
    post({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
