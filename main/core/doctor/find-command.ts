import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/** Where a stdio server's command was found, or every folder that was searched for it. */
export type CommandLookup = { found: true; file: string; folder?: string } | { found: false; searched: string[] };

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    if (process.platform !== 'win32') accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The names a command may have on disk: itself, and on Windows with each PATHEXT ending. */
function candidates(base: string): string[] {
  if (process.platform !== 'win32') return [base];
  const endings = (process.env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean);
  return [base, ...endings.map((ending) => base + ending.toLowerCase()), ...endings.map((ending) => base + ending)];
}

/**
 * Finds a command as spawning it would: a name with a folder in it is taken as a path (from `cwd`),
 * a bare name is looked for in each folder of `pathValue` in order.
 */
export function findCommand(command: string, pathValue: string | undefined, cwd: string = process.cwd()): CommandLookup {
  if (command.includes('/') || (process.platform === 'win32' && command.includes('\\'))) {
    const file = path.resolve(cwd, command);
    return candidates(file).some(isExecutableFile) ? { found: true, file } : { found: false, searched: [path.dirname(file)] };
  }
  const folders = (pathValue ?? '').split(path.delimiter).filter((folder) => folder !== '');
  for (const folder of folders) {
    const file = candidates(path.join(folder, command)).find(isExecutableFile);
    if (file) return { found: true, file, folder };
  }
  return { found: false, searched: folders };
}
