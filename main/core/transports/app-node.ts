import { APP_NODE_COMMAND } from '../../../shared/server-config.js';

/**
 * Resolves the special command `@node` to the runtime Loupe runs on, so bundled servers
 * start offline with no system Node. Under Electron the binary is Electron itself, which
 * acts as Node when ELECTRON_RUN_AS_NODE is set.
 */
export function resolveAppNode(command: string): { command: string; env: Record<string, string> } {
  if (command !== APP_NODE_COMMAND) return { command, env: {} };
  const env: Record<string, string> = process.versions.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {};
  return { command: process.execPath, env };
}
