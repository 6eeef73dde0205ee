import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LoupeError } from '../../../shared/wire.js';

export const LOCK_FILE = 'loupe.lock';

interface LockOwner {
  pid: number;
  mode: string;
  startedAt: string;
}

export interface DataFolderLock {
  release(): Promise<void>;
}

/** Whether a process with this id runs (on this machine, for any user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwner(path: string): Promise<LockOwner | undefined> {
  try {
    const owner = JSON.parse(await readFile(path, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' ? { pid: owner.pid, mode: String(owner.mode ?? 'unknown'), startedAt: String(owner.startedAt ?? 'unknown') } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the data folder for this process. Two Loupes writing one servers.json would lose each
 * other's changes, so a second one is refused with a sentence; a lock left by a process that no
 * longer runs (a crash) is taken over.
 */
export async function lockDataFolder(dataDir: string, mode: string): Promise<DataFolderLock> {
  const path = join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, mode, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(path, JSON.stringify(me), { flag: 'wx', mode: 0o600 });
      return { release: () => rm(path, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await readOwner(path);
    if (owner && owner.pid !== process.pid && isAlive(owner.pid)) {
      throw new LoupeError(
        `Another MCP Loupe (${owner.mode} mode, process ${owner.pid}, started ${owner.startedAt}) is using the data folder ${dataDir}. Close it first, or give this one another folder with --data-dir.`,
        'data-folder-in-use',
      );
    }
    await rm(path, { force: true });
  }
  throw new LoupeError(`Could not take the data folder ${dataDir}: its lock file keeps coming back.`, 'data-folder-in-use');
}
