import type { CliCommandModule } from '../cli-command.js';
import { authDebugCommand } from './auth-debug.js';
import { diffCommand } from './diff.js';
import { doctorCommand } from './doctor.js';
import { snapshotCommand } from './snapshot.js';
import { testCommand } from './test.js';
import { lintCommand } from './lint.js';
import { loadCommand } from './load.js';
import { mockCommand } from './mock.js';
import { proxyCommand } from './proxy.js';

/**
 * The commands beyond the built-in server commands (servers, connect, tools, resources, prompts),
 * each in a module of its own. `loupe --help` lists them after the built-in ones, in this order.
 */
export const COMMAND_MODULES: readonly CliCommandModule[] = [testCommand, snapshotCommand, diffCommand, lintCommand, loadCommand, authDebugCommand, doctorCommand, proxyCommand, mockCommand];

export function findCommandModule(name: string): CliCommandModule | undefined {
  return COMMAND_MODULES.find((command) => command.name === name);
}
