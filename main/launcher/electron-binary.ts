import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The path of the Electron executable, or null when it was never downloaded (an offline
 * install with ELECTRON_SKIP_BINARY_DOWNLOAD). The `electron` npm package exports that path
 * and throws when its install step did not run; the file can also be missing after the fact.
 */
export function findElectronBinary(
  loadElectronPath: () => unknown = loadElectronPackage,
  fileExists: (path: string) => boolean = existsSync,
): string | null {
  let binaryPath: unknown;
  try {
    binaryPath = loadElectronPath();
  } catch {
    return null;
  }
  return typeof binaryPath === 'string' && binaryPath !== '' && fileExists(binaryPath) ? binaryPath : null;
}

/**
 * Run in plain Node, the `electron` package is only a module whose export is the binary's
 * path: this loads no Electron API, which is why the launcher may require it.
 */
function loadElectronPackage(): unknown {
  return createRequire(import.meta.url)('electron');
}
