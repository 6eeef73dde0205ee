import { chmod, copyFile, readFile, rename } from 'node:fs/promises';
import { removeStaleTemps } from './atomic-write.js';

/** What reading a JSON state file found. Whatever was wrong, the original bytes were kept. */
export type JsonFileRead =
  | { status: 'missing' }
  | { status: 'ok'; value: unknown }
  /** Unreadable or not JSON: moved to `backup` (or left in place when even that failed). */
  | { status: 'moved-aside'; why: string; backup?: string };

function timestamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Reads and parses a JSON file. A file that cannot be read or parsed is moved aside with a timestamp. */
export async function readJsonFile(path: string): Promise<JsonFileRead> {
  await removeStaleTemps(path);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' };
    return moveAside(path, `it could not be read (${reason(error)})`);
  }
  try {
    // Editors on Windows often save UTF-8 with a byte-order mark; it is not part of the JSON.
    return { status: 'ok', value: JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text) };
  } catch (error) {
    return moveAside(path, `it is not valid JSON (${reason(error)})`);
  }
}

export type MovedAside = Extract<JsonFileRead, { status: 'moved-aside' }>;

/** Moves a file whose content is unusable out of the way, so a fresh one can be written. */
export async function moveAside(path: string, why: string): Promise<MovedAside> {
  const backup = `${path}.corrupt-${timestamp()}`;
  try {
    await rename(path, backup);
    // The file may hold secrets (headers, environment values): keep the copy private.
    await chmod(backup, 0o600).catch(() => {});
    return { status: 'moved-aside', why, backup };
  } catch {
    return { status: 'moved-aside', why };
  }
}

/** Keeps a copy of a file some of whose entries were skipped, before it is rewritten without them. */
export async function keepOriginal(path: string): Promise<string | undefined> {
  const copy = `${path}.invalid-${timestamp()}`;
  try {
    await copyFile(path, copy);
    await chmod(copy, 0o600).catch(() => {});
    return copy;
  } catch {
    return undefined;
  }
}

/** The sentence a notice gives for a file that was moved aside. */
export function movedAsideMessage(what: string, path: string, read: MovedAside): string {
  return read.backup
    ? `${what} ${path} was not loaded because ${read.why}. It was moved to ${read.backup}, and a fresh one was started.`
    : `${what} ${path} was not loaded because ${read.why}, and it could not be moved aside. Loupe started without it.`;
}
