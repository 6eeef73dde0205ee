import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MockMatching } from '../../../shared/proxy.js';
import { DEFAULT_IGNORED, MockResponder } from '../../mock/mock-responder.js';
import { serveHttp, serveStdio } from '../../mock/mock-servers.js';
import { loadRecording, recordingNoteSentences, RecordingError } from '../../mock/recording.js';
import { CommandFailed, type CliCommandModule } from '../cli-command.js';
import { parseOptions } from '../cli-args.js';
import { EXIT, UsageError } from '../exit-codes.js';

const HELP = `Usage: loupe mock <session.jsonl | saved session id | proxy session name> [options]

Serves a recorded session as an MCP server: initialize (or server/discover) and every list as they
were recorded, and each request answered with the recorded response of a request with the same
method and params. A request nothing matches gets a JSON-RPC error naming the closest recording.
Stdio by default; --http serves Streamable HTTP on 127.0.0.1.

The recording is a JSON Lines file (the traffic log's export, or --record), a saved session of the
data folder (its id, as Sessions… lists it), or the name of a loupe proxy whose newest saved
session is served.

Options:
  --server NAME|ID        The server to serve, when the recording holds several
  --match exact|method    exact (default): params must be equal, less the ignored paths;
                          method: any recorded request of the same method answers
  --ignore POINTER        A JSON Pointer into params left out of exact matching (repeatable);
                          /_meta is always left out unless --ignore none
  --http PORT             Serve Streamable HTTP on 127.0.0.1:PORT (0: a free port; the URL is printed)
  --data-dir DIR          The data folder holding saved sessions (default: the app's)
  --check                 Load the recording and pick its server, say which (or why not), and exit
  --help                  Show this help`;

const OPTIONS = {
  server: { type: 'string' },
  match: { type: 'string' },
  ignore: { type: 'string', multiple: true },
  http: { type: 'string' },
  'data-dir': { type: 'string' },
  check: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Server names from the data folder's list, so --server takes a name and errors show one. */
async function serverNames(dataDir: string): Promise<Map<string, string>> {
  try {
    const list = JSON.parse(await readFile(path.join(dataDir, 'servers.json'), 'utf8')) as { servers?: Array<{ id?: unknown; name?: unknown }> };
    return new Map((list.servers ?? []).flatMap((server) => (typeof server.id === 'string' && typeof server.name === 'string' ? [[server.id, server.name] as [string, string]] : [])));
  } catch {
    return new Map();
  }
}

function ignoredPaths(values: string[] | undefined): string[] {
  if (values?.includes('none')) return [];
  for (const pointer of values ?? []) if (!pointer.startsWith('/')) throw new UsageError(`--ignore takes a JSON Pointer into params (e.g. /arguments/timestamp), got "${pointer}".`);
  return [...DEFAULT_IGNORED, ...(values ?? [])];
}

export const mockCommand: CliCommandModule = {
  name: 'mock',
  summary: 'mock RECORDING [--http PORT]      Serve a recorded session as an MCP server (see "loupe mock --help")',
  help: HELP,
  async run(argv, env) {
    const { values, positionals } = parseOptions([...argv], OPTIONS);
    if (values.help) {
      env.io.stdout(`${HELP}\n`);
      return EXIT.ok;
    }
    if (positionals.length !== 1) throw new UsageError('Give one recording: a .jsonl file, a saved session id, or a loupe proxy session name.');
    const matching = (values.match ?? 'exact') as MockMatching;
    if (matching !== 'exact' && matching !== 'method') throw new UsageError(`--match must be exact or method, got "${values.match}".`);
    const port = values.http === undefined ? undefined : /^\d{1,5}$/.test(values.http) ? Number(values.http) : NaN;
    if (port !== undefined && !(port >= 0 && port <= 65535)) throw new UsageError(`--http expects a port from 0 to 65535, got "${values.http}".`);
    const dataDir = values['data-dir'] ? path.resolve(values['data-dir']) : env.defaultDataDir;
    const recording = await loadRecording(positionals[0]!, { dataDir, ...(values.server !== undefined ? { server: values.server } : {}), serverNames: await serverNames(dataDir) }).catch((error: unknown) => {
      if (error instanceof RecordingError) throw new CommandFailed(error.message, EXIT.usage);
      throw error;
    });
    for (const sentence of recordingNoteSentences(recording)) env.io.stderr(`${sentence}\n`);
    if (values.check) {
      env.io.stdout(`${recording.source} serves ${recording.serverId}: ${recording.calls.length} recorded requests.\n`);
      return EXIT.ok;
    }
    const responder = new MockResponder(recording, { matching, ignore: ignoredPaths(values.ignore) });
    if (port === undefined) {
      await serveStdio(responder, { stdin: process.stdin, stdout: process.stdout });
      return EXIT.ok;
    }
    const served = await serveHttp(responder, port);
    env.io.stdout(`${served.url}\n`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    });
    await served.close();
    return EXIT.ok;
  },
};
