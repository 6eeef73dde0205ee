import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CREATE_NEW_NO_FOLLOW } from './no-follow.js';

/** Temp files older than this are left over from a save that was interrupted (a crash, a kill). */
export const STALE_TEMP_MS = 60 * 60 * 1000;

/**
 * Writes through a temp file and a rename, so a crash never leaves a half-written file. The file
 * is flushed to disk before the rename and the folder after it, so a power cut keeps either the
 * old file or the new one (`durable: false` skips the flushes, for files that are a cache). The
 * file is private to the user (0600) unless `mode` says otherwise (a file Loupe rewrites for
 * someone else keeps its own). The temp file is created new (never opened through a link planted
 * at its name), and the rename replaces whatever is at `path`, a link included, without following it.
 */
export async function writeFileAtomic(
  path: string,
  content: string | Uint8Array,
  { durable = true, mode = 0o600 }: { durable?: boolean; mode?: number } = {},
): Promise<void> {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const handle = await open(temp, CREATE_NEW_NO_FOLLOW, mode);
    try {
      // The umask may have narrowed the mode at creation: another file's mode is kept exactly.
      if (mode !== 0o600) await handle.chmod(mode);
      await handle.writeFile(content);
      if (durable) await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
    if (durable) await syncFolder(dirname(path));
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** fsync on a folder makes the rename durable; some systems (Windows) cannot open a folder for it. */
async function syncFolder(folder: string): Promise<void> {
  let handle;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    // Best effort: the rename itself is already atomic.
  } finally {
    await handle?.close();
  }
}

/** Removes temp files of `path` that interrupted saves left behind. Returns how many. */
export async function removeStaleTemps(path: string, now = Date.now()): Promise<number> {
  const folder = dirname(path);
  const prefix = `${basename(path)}.`;
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const file = join(folder, name);
    try {
      if (now - (await stat(file)).mtimeMs < STALE_TEMP_MS) continue;
      await rm(file, { force: true });
      removed++;
    } catch {
      // Gone already, or not ours to remove.
    }
  }
  return removed;
}
