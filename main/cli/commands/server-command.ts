import type { ParseArgsConfig } from 'node:util';
import { parseCommon, parseOptions, parseTarget, splitAtDoubleDash, type CommonOptions, type Target } from '../cli-args.js';
import type { CliEnvironment, CliExtras, Exit } from '../cli-command.js';
import type { CliSession } from '../cli-session.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { readReplies } from '../replies.js';
import { closeSession, connectTarget } from '../cli-connect.js';

/** A server command's command line read: its options' values, the server, the common options. */
export interface ParsedServerCommand<V> {
  values: V;
  target: Target;
  options: CommonOptions;
}

/**
 * Reads `loupe NAME <server> [options]` for a command module (its options include SERVER_OPTIONS);
 * prints the help and returns undefined for --help. The command's own checks come after.
 */
export function parseServerCommand<O extends NonNullable<ParseArgsConfig['options']>>(argv: readonly string[], spec: O, help: string, env: CliEnvironment) {
  const { own, command } = splitAtDoubleDash(argv);
  const { values, positionals } = parseOptions(own, spec);
  if ((values as { help?: boolean }).help) {
    env.io.stdout(`${help}\n`);
    return undefined;
  }
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}" (a stdio command goes after --).`);
  return {
    values,
    target: parseTarget(values, command),
    options: parseCommon(values, env.defaultDataDir),
  };
}

/** Connects the command line's server, runs `work` on it and closes the session (its failure to close wins). */
export async function onServer(
  env: CliEnvironment,
  parsed: { target: Target; options: CommonOptions },
  extras: CliExtras,
  work: (session: CliSession, serverId: string) => Promise<Exit>,
): Promise<Exit> {
  const replies = parsed.options.replies ? await readReplies(parsed.options.replies) : undefined;
  const { session, serverId } = await connectTarget(env, parsed.target, parsed.options, replies, extras);
  let exit: Exit = EXIT.internal;
  try {
    exit = await work(session, serverId);
  } finally {
    exit = (await closeSession(session, parsed.options, env.io)) ?? exit;
  }
  return exit;
}
