import path from 'node:path';
import { sharedDataDir } from '../core/config/data-folder.js';

/** `npm start -- --verbose`: the Electron download's own output (its stack trace on failure) shows in the terminal. */
export const VERBOSE_FLAG = '--verbose';
/** The file in the data folder that keeps the Electron download's output otherwise. */
export const DOWNLOAD_LOG_NAME = 'electron-download.log';

/** Where the Electron download's output goes, and the arguments left for the app. */
export interface InstallerOutput {
  /** True: the terminal gets the download's output; false: the log file does. */
  verbose: boolean;
  logFile: string;
  /** The user's arguments without the launcher's own `--verbose`, which neither the app nor the host knows. */
  args: string[];
}

/** `--data-dir <dir>` or `--data-dir=<dir>`, else `LOUPE_DATA_DIR`, else the folder both modes share. */
function dataDirOf(argv: readonly string[], env: NodeJS.ProcessEnv, homeDir: string, platform: NodeJS.Platform): string {
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const next = argv[index + 1];
    if (arg === '--data-dir' && next !== undefined) return path.resolve(next);
    if (arg.startsWith('--data-dir=')) return path.resolve(arg.slice('--data-dir='.length));
  }
  if (env.LOUPE_DATA_DIR) return path.resolve(env.LOUPE_DATA_DIR);
  return sharedDataDir(platform, env, homeDir);
}

/**
 * The launcher's decision on the download's output: a stack trace from a download that cannot
 * work is noise before the one sentence that says what happens instead, so it goes to a log in
 * the data folder unless the user asked for `--verbose`.
 */
export function installerOutput(argv: readonly string[], env: NodeJS.ProcessEnv, homeDir: string, platform: NodeJS.Platform = process.platform): InstallerOutput {
  const args = argv.filter((arg) => arg !== VERBOSE_FLAG);
  return {
    verbose: args.length !== argv.length,
    logFile: path.join(dataDirOf(args, env, homeDir, platform), DOWNLOAD_LOG_NAME),
    args,
  };
}
