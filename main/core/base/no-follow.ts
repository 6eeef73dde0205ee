/**
 * Opening a file without following a symbolic link at its last component: a link planted where
 * Loupe reads or writes fails to open (ELOOP) instead of leading elsewhere. Windows has no such
 * flag (0 there); links there need privileges to create.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

export const O_NOFOLLOW: number = constants.O_NOFOLLOW ?? 0;
/** Creates a new file (never an existing one, never through a link), for writing. */
export const CREATE_NEW_NO_FOLLOW: number = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW;

/**
 * Reads a whole text file, without following a link at its name, refusing one larger than
 * `maxBytes` (measured on the opened file, so it cannot grow between the check and the read).
 */
export async function readTextNoFollow(file: string, maxBytes: number, shown = file): Promise<string> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw Object.assign(new Error(`${shown} is a symbolic link, and Loupe does not follow it.`), { code: 'ELOOP' });
    throw error;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new Error(`${shown} is not a file.`);
    if (info.size > maxBytes) throw new Error(`${shown} is larger than ${formatBytes(maxBytes)}, so Loupe does not read it.`);
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1_000_000 ? `${bytes / 1_000_000} MB` : `${Math.round(bytes / 1000)} KB`;
}
