/**
 * `loupe proxy -- COMMAND`: runs the server and stands between it and the client that ran the
 * proxy, passing every byte both ways unchanged (stdin, stdout and stderr), and recording the
 * session off the byte path (recorder-tap.ts). The proxy exits as the server did.
 */
import { spawn as spawnProcess, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import crossSpawn from 'cross-spawn';
import { InterceptSwitch } from './intercept-gate.js';
import { RecorderTap } from './recorder-tap.js';
import { Relay } from './relay.js';

export interface StdioProxyOptions {
  command: string;
  args: string[];
  name: string;
  dataDir: string;
  /** The client's end; the process's own by default. */
  io?: { stdin: Readable; stdout: Writable; stderr: Writable };
}

export interface ProxyExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The server could not be started: why, in one sentence. */
  spawnFailure?: string;
}

const FORWARDED_SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/** The command line as one string, for the record and the app (a POSIX shell would read it back the same). */
export function commandLine(command: string, args: readonly string[]): string {
  return [command, ...args].map((arg) => (arg !== '' && /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`)).join(' ');
}

function exitSentence(exit: ProxyExit): string {
  if (exit.spawnFailure) return exit.spawnFailure;
  return exit.signal ? `The server was ended by ${exit.signal}.` : `The server exited with code ${exit.code ?? 'unknown'}.`;
}

/**
 * The server's environment is the proxy's, less what only made the proxy run (Electron's switch to
 * run as Node, set when the desktop app's binary runs `loupe`).
 */
function serverEnvironment(): NodeJS.ProcessEnv {
  if (process.versions.electron === undefined) return process.env;
  const { ELECTRON_RUN_AS_NODE: _runAsNode, ...rest } = process.env;
  return rest;
}

/** Starts the server in the proxy's own process group, so a client stopping the group stops both. */
function startServer(command: string, args: readonly string[]): ChildProcess {
  const spawn = process.platform === 'win32' ? crossSpawn : spawnProcess;
  return spawn(command, [...args], { stdio: ['pipe', 'pipe', 'pipe'], env: serverEnvironment(), windowsHide: true });
}

export async function runStdioProxy(options: StdioProxyOptions): Promise<ProxyExit> {
  const io = options.io ?? { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
  const intercept = new InterceptSwitch();
  const tap = new RecorderTap({
    dataDir: options.dataDir,
    hello: { name: options.name, transport: 'stdio', target: commandLine(options.command, options.args), pid: process.pid, startedAt: Date.now() },
    onRules: (rules) => intercept.setRules(rules),
    onDecide: (id, decision) => intercept.decide(id, decision),
    onAppGone: () => intercept.releaseAll('Loupe went away'),
  });
  const child = startServer(options.command, options.args);
  const spawned = await new Promise<string | undefined>((resolve) => {
    child.once('spawn', () => resolve(undefined));
    child.once('error', (error: NodeJS.ErrnoException) => {
      resolve(error.code === 'ENOENT' ? `Command not found: ${options.command}` : `The server could not be started: ${error.message}`);
    });
  });
  if (spawned !== undefined) {
    const exit: ProxyExit = { code: null, signal: null, spawnFailure: spawned };
    io.stderr.write(`loupe proxy: ${spawned}\n`);
    tap.note(spawned);
    await tap.end(exitSentence(exit));
    return exit;
  }
  child.on('error', () => undefined);

  const toServer = new Relay(io.stdin, child.stdin!, 'stdin', tap, () => child.stdin!.end());
  const toClient = new Relay(child.stdout!, io.stdout, 'stdout', tap, () => undefined);
  new Relay(child.stderr!, io.stderr, 'stderr', tap, () => undefined);
  intercept.attach({ toServer, toClient, tap });

  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);

  // 'close' comes once the server has exited and its stdout and stderr are drained into ours.
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('close', (exitCode: number | null, exitSignal: NodeJS.Signals | null) => resolve([exitCode, exitSignal])));
  for (const forwarded of FORWARDED_SIGNALS) process.off(forwarded, forward);
  intercept.releaseAll('the server exited');
  io.stdin.pause();
  const exit: ProxyExit = { code, signal };
  await tap.end(exitSentence(exit));
  return exit;
}
