import type { EXIT } from './exit-codes.js';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** Environment variables (the client secret is read from one); the process's own by default. */
export interface CliExtras {
  env?: NodeJS.ProcessEnv;
}

export interface CliEnvironment {
  io: CliIo;
  version: string;
  defaultDataDir: string;
}

export type Exit = (typeof EXIT)[keyof typeof EXIT];

/** A command's failure with its exit code; `details` go into the `--json` error object. */
export class CommandFailed extends Error {
  constructor(
    message: string,
    readonly exitCode: Exit,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * A `loupe` command that lives in a module of its own (main/cli/commands/): it parses its own
 * arguments (cli-args.ts has the shared server and option parsing) and returns its exit code. It
 * throws UsageError for a bad command line and CommandFailed for a failure with a code of its own;
 * anything else exits with EXIT.internal. `runCli` prints what it throws.
 */
export interface CliCommandModule {
  name: string;
  /** One line for `loupe --help`: the command's usage, then what it does. */
  summary: string;
  /** The whole `loupe NAME --help` text. */
  help: string;
  run(argv: readonly string[], env: CliEnvironment, extras: CliExtras): Promise<Exit>;
  /** Whether argv asks for JSON output, so an error is printed as JSON too. */
  wantsJson?(argv: readonly string[]): boolean;
}
