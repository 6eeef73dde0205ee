import { copyFile, mkdir, readdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';

/** The desktop app's product name: Electron keeps its data in a folder of that name. */
export const PRODUCT_NAME = 'MCP Loupe';
/** Where browser mode kept its data before both modes shared one folder. */
export const OLD_BROWSER_FOLDER = 'mcp-loupe';
/** The files that make up the data: moved over by the migration. */
const DATA_FILES = ['servers.json', 'sampling.json'];

/**
 * Electron's userData folder for the product, computed without Electron, so browser mode and the
 * desktop app use one folder: `~/.config/MCP Loupe` on Linux (or under `$XDG_CONFIG_HOME`),
 * `~/Library/Application Support/MCP Loupe` on macOS, `%APPDATA%\MCP Loupe` on Windows.
 */
export function sharedDataDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, homeDir: string): string {
  if (platform === 'darwin') return path.join(homeDir, 'Library', 'Application Support', PRODUCT_NAME);
  if (platform === 'win32') return path.win32.join(env.APPDATA ?? path.win32.join(homeDir, 'AppData', 'Roaming'), PRODUCT_NAME);
  // The XDG spec says to ignore a relative XDG_CONFIG_HOME.
  const xdg = env.XDG_CONFIG_HOME;
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(homeDir, '.config'), PRODUCT_NAME);
}

/** Browser mode's former folder: `$XDG_CONFIG_HOME/mcp-loupe` or `~/.config/mcp-loupe`, on every platform. */
export function oldBrowserDataDir(env: NodeJS.ProcessEnv, homeDir: string): string {
  const xdg = env.XDG_CONFIG_HOME;
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(homeDir, '.config'), OLD_BROWSER_FOLDER);
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Moves browser mode's data from its former folder into the shared one, once: only when the shared
 * folder has no server list yet. The old folder is renamed, not deleted. Returns a sentence to show,
 * or undefined when there was nothing to move.
 */
export async function migrateOldBrowserData(oldDir: string, sharedDir: string, now = new Date()): Promise<string | undefined> {
  if (path.resolve(oldDir) === path.resolve(sharedDir)) return undefined;
  if (!(await exists(path.join(oldDir, 'servers.json'))) || (await exists(path.join(sharedDir, 'servers.json')))) return undefined;
  await mkdir(sharedDir, { recursive: true, mode: 0o700 });
  const present = new Set(await readdir(oldDir));
  const moved = DATA_FILES.filter((file) => present.has(file));
  for (const file of moved) await copyFile(path.join(oldDir, file), path.join(sharedDir, file));
  const kept = `${oldDir}.migrated-${now.toISOString().replace(/[:.]/g, '-')}`;
  await rename(oldDir, kept);
  return `Browser mode now keeps its data with the desktop app's, in ${sharedDir}. Your ${moved.join(' and ')} moved there from ${oldDir} (the old folder is kept as ${kept}).`;
}
