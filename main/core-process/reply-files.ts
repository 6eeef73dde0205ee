/**
 * Large replies leave the core process as files: the core writes a value's JSON once, into the data
 * folder's `replies/`, and says which file; the window's side reads it from there (the browser
 * host streams it to the page's worker, the Electron main process passes its bytes on). Writing to
 * the page cache takes milliseconds for megabytes, where a pipe or IPC channel takes a piece per
 * turn of two event loops. Only the core writes here, and each file is read once, then deleted.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { ReplyFile } from '../core/core.js';

export function replyFolder(dataDir: string): string {
  return join(dataDir, 'replies');
}

/** Empties the folder: files an earlier core left when it stopped before they were read. */
export function prepareReplyFolder(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true, mode: 0o700 });
}

export function writeReplyFile(folder: string, json: Uint8Array): ReplyFile {
  const path = join(folder, `${randomUUID()}.json`);
  writeFileSync(path, json, { mode: 0o600 });
  return { path, bytes: json.length };
}

/** Reads a reply's bytes and deletes its file. */
export async function takeReplyFile(file: ReplyFile): Promise<Buffer> {
  try {
    return await readFile(file.path);
  } finally {
    removeReplyFile(file);
  }
}

export function removeReplyFile(file: ReplyFile): void {
  try {
    unlinkSync(file.path);
  } catch {
    // Already gone (read, or the folder was emptied by a new core).
  }
}
