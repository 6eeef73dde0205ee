import path from 'node:path';
import { sharedDataDir } from '../core/config/data-folder.js';
import { DEFAULT_HOST, DEFAULT_PORT } from './start-host.js';

export interface CliOptions {
  port: number;
  host: string;
  dataDir: string;
  /** True when the data folder is the default one (not given with --data-dir or LOUPE_DATA_DIR). */
  defaultDataDir: boolean;
  openBrowser: boolean;
}

export type CliCommand = { kind: 'help' } | { kind: 'run'; options: CliOptions };

/** A mistake in the command line: printed as is, exit code 2. */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

export const USAGE = `Usage: npm run web -- [options]
       node dist/main/host/cli.js [options]

Runs MCP Loupe in your browser, served on a loopback address with a session token.

Options:
  --port N          Port to listen on; 0 picks a free one (default 0)
  --host H          Address to bind (default ${DEFAULT_HOST}); anything else exposes the app beyond this machine
  --data-dir DIR    Where settings live (default: $LOUPE_DATA_DIR, else the desktop app's folder, e.g. ~/.config/MCP Loupe)
  --no-open         Do not open the browser
  --help            Show this help`;

/** `$LOUPE_DATA_DIR`, else the folder the desktop app uses, so both modes share one server list. */
export function defaultDataDir(env: NodeJS.ProcessEnv, homeDir: string, platform: NodeJS.Platform = process.platform): string {
  if (env.LOUPE_DATA_DIR) return path.resolve(env.LOUPE_DATA_DIR);
  return sharedDataDir(platform, env, homeDir);
}

function parsePort(value: string): number {
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new CliUsageError(`--port expects a whole number from 0 to 65535, got "${value}".`);
  return port;
}

function parseHost(value: string): string {
  const host = value.startsWith('[') && value.endsWith(']') ? value.slice(1, -1) : value;
  if (!/^[A-Za-z0-9.:-]+$/.test(host)) throw new CliUsageError(`--host expects a host name or IP address, got "${value}".`);
  return host;
}

const VALUE_OPTIONS = new Set(['--port', '--host', '--data-dir']);

export function parseCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv, homeDir: string): CliCommand {
  let port = DEFAULT_PORT;
  let host = DEFAULT_HOST;
  let dataDir: string | undefined;
  let openBrowser = true;

  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    const equals = arg.indexOf('=');
    const name = arg.startsWith('--') && equals > 0 ? arg.slice(0, equals) : arg;
    let inlineValue = arg.startsWith('--') && equals > 0 ? arg.slice(equals + 1) : undefined;

    if (name === '--help' || name === '-h') return { kind: 'help' };
    if (name === '--no-open') {
      if (inlineValue !== undefined) throw new CliUsageError('--no-open takes no value.');
      openBrowser = false;
      continue;
    }
    if (!VALUE_OPTIONS.has(name)) {
      throw new CliUsageError(
        arg.startsWith('-') ? `Unknown option "${name}".` : `Unexpected argument "${arg}": this command takes options only.`,
      );
    }
    if (inlineValue === undefined) {
      const next = argv[index + 1];
      if (next === undefined || next.startsWith('--')) throw new CliUsageError(`${name} needs a value.`);
      inlineValue = next;
      index++;
    }
    if (name === '--port') port = parsePort(inlineValue);
    else if (name === '--host') host = parseHost(inlineValue);
    else {
      if (inlineValue === '') throw new CliUsageError('--data-dir needs a directory.');
      dataDir = path.resolve(inlineValue);
    }
  }
  const isDefault = dataDir === undefined && !env.LOUPE_DATA_DIR;
  return { kind: 'run', options: { port, host, dataDir: dataDir ?? defaultDataDir(env, homeDir), defaultDataDir: isDefault, openBrowser } };
}
