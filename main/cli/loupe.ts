#!/usr/bin/env node
/** `loupe`: MCP Loupe's core on the command line (see `loupe --help`). */
import { homedir } from 'node:os';
import { defaultDataDir } from '../host/cli-args.js';
import { findPackageRoot } from '../host/package-root.js';
import { runCli } from './run-cli.js';

const exitCode = await runCli(process.argv.slice(2), {
  io: { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) },
  version: findPackageRoot().version,
  defaultDataDir: defaultDataDir(process.env, homedir()),
});
// Let stdout drain before leaving; a server's leftover handles must not keep the command alive.
process.exitCode = exitCode;
process.stdout.write('', () => process.exit(exitCode));
