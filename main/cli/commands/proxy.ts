import path from 'node:path';
import { constants } from 'node:os';
import { runHttpProxy } from '../../proxy/http-proxy.js';
import { runStdioProxy } from '../../proxy/stdio-proxy.js';
import type { CliCommandModule, Exit } from '../cli-command.js';
import { parseOptions, splitAtDoubleDash } from '../cli-args.js';
import { EXIT, UsageError } from '../exit-codes.js';

const HELP = `Usage: loupe proxy [--name NAME] [--data-dir DIR] -- COMMAND [ARGS…]
       loupe proxy --http URL --listen 127.0.0.1:PORT [--name NAME] [--data-dir DIR]

Stands between an MCP client and its server and records everything they say, as the app records
its own connections. Put it in front of the server in the client's config: the client runs
"loupe proxy -- COMMAND" instead of COMMAND. Every byte passes both ways unchanged (stderr too).

While the app is running, the session shows in it live, as a server marked proxied, and its
intercept rules apply. Otherwise the session is saved to the data folder, and the app lists it
under Sessions… later. Whatever happens to the app, the client's connection goes on.

--http URL forwards Streamable HTTP and SSE requests made to --listen (a loopback address) to the
server at URL, headers, streams and resumption included; credentials pass unchanged and are
redacted in the record. It runs until stopped (Ctrl+C).

Options:
  --name NAME             The session's name in the app (default: the server's command or host)
  --data-dir DIR          The app's data folder (default: $LOUPE_DATA_DIR, else the desktop app's folder)
  --http URL              Reverse-proxy this HTTP server instead of running a command
  --listen HOST:PORT      Where the HTTP proxy listens (default 127.0.0.1:0, a free port; printed on start)
  --help                  Show this help

The proxy exits as the server does (its exit code), so the client sees what it would have seen.`;

const OPTIONS = {
  name: { type: 'string' },
  'data-dir': { type: 'string' },
  http: { type: 'string' },
  listen: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Runners whose first argument names the server better than they do. */
const RUNNERS = new Set(['node', 'npx', 'uvx', 'uv', 'python', 'python3', 'bun', 'bunx', 'deno', 'docker', 'pnpm', 'yarn', 'pipx']);

/** Folder and file names that say nothing about which server it is. */
const GENERIC_NAMES = new Set(['index', 'main', 'server', 'cli', 'dist', 'build', 'lib', 'src', 'bin', 'out']);

/** A script's telling name: `…/server-everything/dist/index.js` is "server-everything". */
function scriptName(script: string): string {
  const parts = script.split(/[\\/]/).filter((part) => part !== '').map((part) => part.replace(/\.(m?[jt]s|c[jt]s|py)$/, ''));
  for (let index = parts.length - 1; index >= 0; index--) if (!GENERIC_NAMES.has(parts[index]!.toLowerCase())) return parts[index]!;
  return parts.at(-1) ?? script;
}

export function defaultSessionName(command: string, args: readonly string[]): string {
  const base = path.basename(command).replace(/\.(exe|cmd)$/i, '');
  if (!RUNNERS.has(base.toLowerCase())) return base;
  const subject = args.find((arg) => !arg.startsWith('-') && arg !== 'run' && arg !== 'exec');
  return subject ? scriptName(subject) : base;
}

function parseListen(value: string): { host: string; port: number } {
  const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(value);
  const port = match ? Number(match[2]) : NaN;
  if (!match || !(port >= 0 && port <= 65535)) throw new UsageError(`--listen expects HOST:PORT (e.g. 127.0.0.1:4000), got "${value}".`);
  return { host: match[1]!.replace(/^\[|\]$/g, ''), port };
}

/** A process ended by a signal: the shell's convention, 128 + its number. */
function signalExit(signal: NodeJS.Signals): number {
  return 128 + (constants.signals[signal] ?? 0);
}

export const proxyCommand: CliCommandModule = {
  name: 'proxy',
  summary: 'proxy -- COMMAND | --http URL    Record a real client\'s session with its server (see "loupe proxy --help")',
  help: HELP,
  async run(argv, env) {
    const { own, command } = splitAtDoubleDash(argv);
    const { values, positionals } = parseOptions(own, OPTIONS);
    if (values.help) {
      env.io.stdout(`${HELP}\n`);
      return EXIT.ok;
    }
    if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}" (the server's command goes after --).`);
    const dataDir = values['data-dir'] ? path.resolve(values['data-dir']) : env.defaultDataDir;
    if (values.http !== undefined) {
      if (command.length > 0) throw new UsageError('Give --http URL or a command after --, not both.');
      let url: URL;
      try {
        url = new URL(values.http);
      } catch {
        throw new UsageError(`--http "${values.http}" is not a URL.`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--http must be an http or https URL, got "${url.protocol}".`);
      const listen = parseListen(values.listen ?? '127.0.0.1:0');
      await runHttpProxy({ upstream: url, ...listen, name: values.name ?? url.host, dataDir, announce: (address: string) => env.io.stdout(`${address}\n`) });
      return EXIT.ok;
    }
    if (values.listen !== undefined) throw new UsageError('--listen applies to --http only.');
    if (command.length === 0) throw new UsageError('Give the server to run after --, e.g. loupe proxy -- npx -y @modelcontextprotocol/server-everything.');
    const [executable, ...args] = command as [string, ...string[]];
    const exit = await runStdioProxy({ command: executable, args, name: values.name ?? defaultSessionName(executable, args), dataDir });
    if (exit.spawnFailure) return 127 as Exit;
    if (exit.signal) return signalExit(exit.signal) as Exit;
    return (exit.code ?? EXIT.internal) as Exit;
  },
};
