import path from 'node:path';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { ProcessExit } from '../../../shared/connection.js';
import { APP_NODE_COMMAND, type StdioTransportConfig } from '../../../shared/server-config.js';
import type { WireReport } from '../traffic/traffic-log.js';
import type { DoctorStep, Verdict } from './doctor-runner.js';
import { findCommand } from './find-command.js';
import { protocolVerdict } from './initialize-message.js';
import { quoted, quotedLines } from './quote.js';
import { StdioTrial, type InitializeOutcome } from './stdio-trial.js';

export interface StdioDoctorContext {
  /** The server's settings with `${env:NAME}` filled in. */
  config: StdioTransportConfig;
  recorder: WireReport;
  clientVersion: string;
  trial?: StdioTrial;
  outcome?: InitializeOutcome;
}

function exitPhrase(exit: ProcessExit): string {
  return exit.signal ? `was ended by ${exit.signal}` : `exited with code ${exit.code ?? 'unknown'}`;
}

/** The PATH the server starts with: its own setting, else the core's (which, in the desktop app, includes the login shell's). */
function searchPath(config: StdioTransportConfig): { value: string | undefined; source: string; own: boolean } {
  const own = config.env.find((pair) => pair.key === 'PATH');
  if (own) return { value: own.value, source: "the PATH set in the server's environment", own: true };
  return { value: process.env.PATH, source: "Loupe's PATH (the desktop app adds the login shell's PATH when it starts)", own: false };
}

/**
 * Which PATH a folder on Loupe's own came from: the login shell's (the desktop app, started from
 * a launcher, adds its folders and names them in LOUPE_LOGIN_SHELL_PATH) or the app's own.
 */
export function pathFolderOrigin(folder: string, env: NodeJS.ProcessEnv): string {
  const fromLoginShell = env.LOUPE_LOGIN_SHELL_PATH?.split(path.delimiter).includes(folder) === true;
  return fromLoginShell ? "Loupe's PATH, from your login shell's PATH" : "Loupe's PATH, the app's own (not from a login shell)";
}

export const commandFound: DoctorStep<StdioDoctorContext> = {
  id: 'command-found',
  title: 'The command is found',
  run: async ({ config }) => {
    if (config.command === APP_NODE_COMMAND) return { status: 'pass', saw: `${APP_NODE_COMMAND} is Loupe's own Node.js (${process.execPath}).` };
    const where = searchPath(config);
    const lookup = findCommand(config.command, where.value, config.cwd);
    const name = quoted(config.command);
    if (lookup.found) {
      if (!lookup.folder) return { status: 'pass', saw: `Found ${quoted(lookup.file)}.` };
      const on = where.own ? where.source : pathFolderOrigin(lookup.folder, process.env);
      return { status: 'pass', saw: `Found ${quoted(lookup.file)}, in ${quoted(lookup.folder)} on ${on}.` };
    }
    if (lookup.searched.length === 1 && config.command.includes('/')) {
      return { status: 'fail', saw: `There is no executable file at ${quoted(lookup.searched[0]!)}/${quoted(config.command.split('/').pop() ?? '')}.`, fix: 'Correct the path in the server\'s command (a relative path is taken from its working directory), or make the file executable.', command: `chmod +x ${config.command}` };
    }
    return {
      status: 'fail',
      saw: `"${name}" is not in any of the ${lookup.searched.length} folders of ${where.source}.`,
      fix: `Install it, or put its full path in the server's command: in a terminal where "${name}" runs, this prints it.`,
      command: `command -v ${config.command}`,
    };
  },
};

export const starts: DoctorStep<StdioDoctorContext> = {
  id: 'starts',
  title: 'It starts',
  needs: ['command-found'],
  run: async (ctx) => {
    const trial = new StdioTrial(ctx.config, ctx.recorder);
    ctx.trial = trial;
    try {
      await trial.start();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { status: 'fail', saw: `The process could not be started: ${quoted(message)}.`, fix: 'Check that the command is a program this system can run (EACCES: make it executable; ENOENT: the path is wrong).' };
    }
    return { status: 'pass', saw: `Started ${quoted([ctx.config.command, ...ctx.config.args].join(' '))}.` };
  },
};

export const staysUp: DoctorStep<StdioDoctorContext> = {
  id: 'stays-up',
  title: 'It stays up until it answers initialize',
  needs: ['starts'],
  timeoutFix: 'The server did not answer initialize: it may be waiting for something (a prompt, a network), or writing its answer somewhere other than stdout.',
  run: async (ctx, signal) => {
    ctx.outcome = await ctx.trial!.initialize(ctx.clientVersion, signal);
    if (ctx.outcome.kind === 'exit') {
      return { status: 'fail', saw: `The process ${exitPhrase(ctx.outcome.exit)} before answering initialize.`, fix: 'Run the command in a terminal to see why it stops; its stderr (below) usually says.' };
    }
    return { status: 'pass', saw: 'It was still running when it answered initialize.' };
  },
};

export const stdoutClean: DoctorStep<StdioDoctorContext> = {
  id: 'stdout-json-rpc',
  title: 'stdout carries only JSON-RPC',
  needs: ['starts'],
  run: async ({ trial }) => {
    if (trial!.strayStdoutCount === 0) return { status: 'pass', saw: 'Every line on stdout before the answer to initialize was JSON-RPC.' };
    return {
      status: 'fail',
      saw: `${trial!.strayStdoutCount === 1 ? 'One line' : `${trial!.strayStdoutCount} lines`} on stdout before the answer to initialize ${trial!.strayStdoutCount === 1 ? 'is' : 'are'} not JSON-RPC:`,
      fix: 'stdout is the protocol channel: write logs to stderr instead (console.error, print(..., file=sys.stderr), logging to stderr). Many clients give up on the first line that is not JSON-RPC.',
      lines: quotedLines(trial!.strayStdout),
    };
  },
};

export const stderrWhenExited: DoctorStep<StdioDoctorContext> = {
  id: 'stderr',
  title: 'stderr',
  needs: ['starts'],
  run: async ({ trial, outcome }) => {
    const lines = quotedLines(trial!.stderr);
    if (outcome?.kind === 'exit') {
      return lines.length > 0
        ? { status: 'fail', saw: `Its last ${lines.length === 1 ? 'line' : `${lines.length} lines`} on stderr before it exited:`, lines, fix: 'Fix what stderr says (a missing module, a missing variable, a port in use), then run Diagnose again.' }
        : { status: 'fail', saw: 'It exited without writing anything to stderr.', fix: 'Run the command in a terminal to see what it does.' };
    }
    return lines.length > 0 ? { status: 'pass', saw: `It wrote ${lines.length === 1 ? 'a line' : `${lines.length} lines`} to stderr (logs, which is where they belong).`, lines } : { status: 'pass', saw: 'Nothing on stderr.' };
  },
};

function answerOf(outcome: InitializeOutcome | undefined): JSONRPCMessage | undefined {
  return outcome?.kind === 'answer' ? outcome.message : undefined;
}

export const initializeTime: DoctorStep<StdioDoctorContext> = {
  id: 'initialize',
  title: 'It answers initialize',
  needs: ['stays-up'],
  run: async ({ outcome }) => {
    const answer = answerOf(outcome) as { error?: { message?: unknown } } | undefined;
    const ms = outcome?.kind === 'answer' ? outcome.ms : 0;
    if (answer?.error) return { status: 'fail', saw: `It answered initialize with an error after ${ms} ms: ${quoted(String(answer.error.message))}`, fix: 'The server refused the handshake: check its logs (stderr) and its MCP SDK version.' };
    return { status: 'pass', saw: `It answered initialize in ${ms} ms.` };
  },
};

export const protocolVersion: DoctorStep<StdioDoctorContext> = {
  id: 'protocol',
  title: 'The protocol version and era',
  needs: ['initialize'],
  run: async ({ outcome }): Promise<Verdict> => protocolVerdict((answerOf(outcome) as { result?: unknown } | undefined)?.result),
};

export const STDIO_STEPS: readonly DoctorStep<StdioDoctorContext>[] = [commandFound, starts, staysUp, stdoutClean, stderrWhenExited, initializeTime, protocolVersion];
