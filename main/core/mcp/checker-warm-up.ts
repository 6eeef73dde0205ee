import type { ConnectionStatus } from '../../../shared/connection.js';

/** What can start the schema checker's thread ahead of its first check (IsolatedValidator.warm). */
export interface WarmableChecker {
  warm(): void;
}

/**
 * A connection that has begun: its server's tools are about to be run, and a Run clicked the moment
 * they are listed must not wait for the checker's thread to load (a few hundred ms on a busy machine).
 * Warming as the server starts lets the two load side by side.
 */
export function warmsChecker(status: ConnectionStatus): boolean {
  return status === 'connecting' || status === 'connected';
}

/**
 * The app's core (behind a window) starts the checker's thread once it has started, in the idle time
 * before a person connects; the CLI's leaves it to its first connection, as a command may check nothing.
 */
export function warmCheckerAtStart(checker: WarmableChecker): void {
  setImmediate(() => checker.warm());
}
