import { spawn, type StdioOptions } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { InstallerOutput } from './installer-output.js';

/** What came of trying to get the Electron binary: found (now or before), or why not. */
export type BinaryOutcome = { binary: string } | { missing: string };

export interface FetchElectronDeps {
  find: () => string | null;
  /** The `electron` package's own installer (`install.js`), or null when the package is absent. */
  installer: () => string | null;
  /** Runs the installer, its output where `output` says; resolves with its exit code. */
  run: (installer: string, output: InstallerOutput) => Promise<number | null>;
  output: InstallerOutput;
  env: NodeJS.ProcessEnv;
  say: (line: string) => void;
}

/**
 * The Electron binary, downloaded now: the project's .npmrc keeps `npm install` from running
 * dependencies' install scripts, so a download that cannot work (no route to GitHub) never fails
 * the install. A failure here is one sentence for the fallback notice.
 */
export async function ensureElectronBinary(deps: FetchElectronDeps): Promise<BinaryOutcome> {
  const found = deps.find();
  if (found) return { binary: found };
  if (deps.env.ELECTRON_SKIP_BINARY_DOWNLOAD) return { missing: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set, so it was not downloaded' };
  const installer = deps.installer();
  if (!installer) return { missing: 'the electron package is not installed (npm install --omit=dev leaves it out)' };
  const { verbose, logFile } = deps.output;
  deps.say(`The Electron binary is not installed yet: downloading it (about 100 MB; ${verbose ? 'its progress follows' : `its output goes to ${logFile}`})…`);
  const code = await deps.run(installer, deps.output);
  const after = deps.find();
  if (after) return { binary: after };
  const exit = code === null ? '' : ` (the installer exited with code ${code})`;
  return { missing: `its download failed${exit}; ${verbose ? 'see the lines above' : `its output is in ${logFile}`}` };
}

export function electronInstaller(): string | null {
  try {
    return createRequire(import.meta.url).resolve('electron/install.js');
  } catch {
    return null;
  }
}

/** The log file open for the installer's stdout and stderr, or null when it cannot be written. */
function openLog(logFile: string): number | null {
  try {
    mkdirSync(path.dirname(logFile), { recursive: true, mode: 0o700 });
    return openSync(logFile, 'w', 0o600);
  } catch {
    return null;
  }
}

/**
 * Runs Electron's installer: with the terminal attached under `--verbose`, so its own output
 * shows, else writing to the log (or to the terminal when the log cannot be written).
 */
export function runInstaller(installer: string, output: InstallerOutput): Promise<number | null> {
  const log = output.verbose ? null : openLog(output.logFile);
  const stdio: StdioOptions = log === null ? 'inherit' : ['ignore', log, log];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [installer], { stdio });
    if (log !== null) closeSync(log);
    child.on('error', () => resolve(null));
    child.on('exit', (code) => resolve(code));
  });
}
