import { randomUUID } from 'node:crypto';
import type { ConnectionState } from '../../shared/connection.js';
import type { RpcOutcome, SchemaViolation } from '../../shared/mcp.js';
import type { Action, CliCommand, CommonOptions, Target } from './cli-args.js';
import { parseCliArgs } from './cli-args.js';
import { closeSession, connectTarget } from './cli-connect.js';
import { openSession, type CliSession } from './cli-session.js';
import { CommandFailed, type CliEnvironment, type CliExtras, type CliIo, type Exit } from './cli-command.js';
import { COMMAND_MODULES, findCommandModule } from './commands/registry.js';
import { EXIT, UsageError } from './exit-codes.js';
import * as print from './print.js';
import { readReplies, RepliesError, type Replies } from './replies.js';

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function checked(outcome: RpcOutcome, what: string): unknown {
  if (outcome.failure) {
    throw new CommandFailed(`${what} failed: ${outcome.failure.message}`, EXIT.callFailed, { failure: outcome.failure });
  }
  return outcome.result;
}

function warnViolations(io: CliIo, violations: SchemaViolation[]): void {
  for (const violation of violations.slice(0, 20)) io.stderr(`warning: the server's message breaks the MCP schema at ${violation.path || '/'}: ${violation.message}\n`);
}

/** Runs one action on a connected server; returns the JSON value and its text. */
async function perform(session: CliSession, serverId: string, action: Action, state: ConnectionState, io: CliIo): Promise<{ json: unknown; text: string; exit: Exit }> {
  const { handlers } = session.core;
  switch (action.kind) {
    case 'connect':
      return { json: state.server ?? null, text: print.connectionText(state), exit: EXIT.ok };
    case 'tools.list': {
      const list = await handlers['tools.list']({ serverId, force: true });
      warnViolations(io, list.violations);
      return { json: list.items, text: print.toolsText(list.items), exit: EXIT.ok };
    }
    case 'resources.list': {
      const list = await handlers['resources.list']({ serverId, force: true });
      warnViolations(io, list.violations);
      return { json: list.items, text: print.resourcesText(list.items), exit: EXIT.ok };
    }
    case 'prompts.list': {
      const list = await handlers['prompts.list']({ serverId, force: true });
      warnViolations(io, list.violations);
      return { json: list.items, text: print.promptsText(list.items), exit: EXIT.ok };
    }
    case 'tools.call': {
      // The tools list tells the core how the tool runs (as a task or not) and checks its output schema.
      await handlers['tools.list']({ serverId });
      const outcome = await handlers['tools.call']({ serverId, name: action.name, arguments: action.arguments, callId: randomUUID() });
      const result = checked(outcome, `Calling the tool "${action.name}"`);
      warnViolations(io, outcome.violations);
      const isError = typeof result === 'object' && result !== null && (result as { isError?: unknown }).isError === true;
      if (isError) io.stderr(`The tool "${action.name}" returned an error (isError: true).\n`);
      return { json: result, text: print.toolResultText(result), exit: isError ? EXIT.callFailed : EXIT.ok };
    }
    case 'resources.read': {
      const outcome = await handlers['resources.read']({ serverId, uri: action.uri });
      const result = checked(outcome, `Reading ${action.uri}`);
      warnViolations(io, outcome.violations);
      return { json: result, text: print.readResultText(result), exit: EXIT.ok };
    }
    case 'prompts.get': {
      const outcome = await handlers['prompts.get']({ serverId, name: action.name, arguments: action.arguments });
      const result = checked(outcome, `Getting the prompt "${action.name}"`);
      warnViolations(io, outcome.violations);
      return { json: result, text: print.promptResultText(result), exit: EXIT.ok };
    }
  }
}

async function runOnServer(
  env: CliEnvironment,
  action: Action,
  target: Target,
  options: CommonOptions,
  replies: Replies | undefined,
  extras: CliExtras,
): Promise<Exit> {
  const { io } = env;
  const { session, serverId, state } = await connectTarget(env, target, options, replies, extras);
  let exit: Exit;
  try {
    const done = await perform(session, serverId, action, state, io);
    io.stdout(`${options.json ? JSON.stringify(done.json, null, 2) : done.text}\n`);
    exit = done.exit;
  } finally {
    const closing = await closeSession(session, options, io);
    if (closing !== undefined) exit = closing;
  }
  return exit;
}

async function run(command: Exclude<CliCommand, { kind: 'help' }>, env: CliEnvironment, extras: CliExtras): Promise<Exit> {
  const replies = command.options.replies ? await readReplies(command.options.replies) : undefined;
  if (command.kind === 'servers') {
    const session = await openSession(command.options, env.version, undefined, (message) => env.io.stderr(`${message}\n`));
    try {
      const servers = await session.core.handlers['servers.list']();
      env.io.stdout(`${command.options.json ? JSON.stringify(servers, null, 2) : print.serversText(servers, command.options.dataDir)}\n`);
    } finally {
      await session.close();
    }
    return EXIT.ok;
  }
  return runOnServer(env, command.action, command.target, command.options, replies, extras);
}

/** The whole `loupe` command: parses, runs, prints; returns the exit code. Never throws. */
export async function runCli(argv: readonly string[], env: CliEnvironment, extras: CliExtras = {}): Promise<number> {
  const { io } = env;
  let json = false;
  try {
    const module = argv[0] === undefined ? undefined : findCommandModule(argv[0]);
    if (module) {
      json = module.wantsJson?.(argv.slice(1)) ?? false;
      return await module.run(argv.slice(1), env, extras);
    }
    const command = parseCliArgs(argv, env.defaultDataDir, COMMAND_MODULES);
    if (command.kind === 'help') {
      io.stdout(`${command.text}\n`);
      return EXIT.ok;
    }
    json = command.options.json;
    return await run(command, env, extras);
  } catch (error) {
    const [message, exitCode, details] =
      error instanceof UsageError || error instanceof RepliesError
        ? [`${error.message}${error instanceof UsageError ? ' Run with --help for usage.' : ''}`, EXIT.usage, {}]
        : error instanceof CommandFailed
          ? [error.message, error.exitCode, error.details]
          : [reason(error), EXIT.internal, {}];
    io.stderr(`loupe: ${message}\n`);
    if (json && exitCode !== EXIT.usage) io.stdout(`${JSON.stringify({ error: { message: message.split('\n')[0], exitCode, ...details } }, null, 2)}\n`);
    return exitCode;
  }
}
