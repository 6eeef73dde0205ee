import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** dist/ once compiled: this file lives at dist/main/electron/app-paths.js. */
const distDir = fileURLToPath(new URL('../../', import.meta.url));

export const rendererIndexPath = path.join(distDir, 'renderer', 'index.html');
export const rendererIndexUrl = pathToFileURL(rendererIndexPath).href;
export const preloadPath = path.join(distDir, 'preload', 'index.cjs');
/** Where the core's own process starts (see main/core-process). */
export const coreProcessEntryPath = path.join(distDir, 'main', 'core-process', 'core-process-main.js');

/** `--data-dir <dir>` or `--data-dir=<dir>`, else `LOUPE_DATA_DIR`, else Electron's userData folder. */
export function resolveDataDir(argv: readonly string[], env: NodeJS.ProcessEnv, userDataPath: string): string {
  const fromArgs = dataDirArg(argv);
  if (fromArgs) return path.resolve(fromArgs);
  if (env.LOUPE_DATA_DIR) return path.resolve(env.LOUPE_DATA_DIR);
  return userDataPath;
}

function dataDirArg(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--data-dir') return argv[i + 1];
    if (arg.startsWith('--data-dir=')) return arg.slice('--data-dir='.length);
  }
  return undefined;
}

/**
 * True when `url` is our renderer's index page. Query and fragment are ignored; the file
 * path must match exactly.
 */
export function isAppIndexUrl(url: string, indexUrl: string = rendererIndexUrl): boolean {
  try {
    const candidate = new URL(url);
    const expected = new URL(indexUrl);
    return (
      candidate.protocol === 'file:' &&
      candidate.host === expected.host &&
      fileURLToPath(candidate) === fileURLToPath(expected)
    );
  } catch {
    return false;
  }
}
