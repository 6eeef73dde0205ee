import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/** What came of trying to get the Electron binary: found (now or before), or why not. */
export type BinaryOutcome = { binary: string } | { missing: string };

export interface FetchElectronDeps {
  find: () => string | null;
  /** The `electron` package's own installer (`install.js`), or null when the package is absent. */
  installer: () => string | null;
  /** Runs the installer; resolves with its exit code. */
  run: (installer: string) => Promise<number | null>;
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
  deps.say('The Electron binary is not installed yet: downloading it (about 100 MB; its progress follows)…');
  const code = await deps.run(installer);
  const after = deps.find();
  if (after) return { binary: after };
  return { missing: `its download failed${code === null ? '' : ` (the installer exited with code ${code})`}; see the lines above` };
}

export function electronInstaller(): string | null {
  try {
    return createRequire(import.meta.url).resolve('electron/install.js');
  } catch {
    return null;
  }
}

/** Runs Electron's installer with the terminal attached, so its own output shows. */
export function runInstaller(installer: string): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [installer], { stdio: 'inherit' });
    child.on('error', () => resolve(null));
    child.on('exit', (code) => resolve(code));
  });
}
