/**
 * Whether the core is serving. In both shells the core runs in a process of its own, so a server
 * that crashes or hangs it never takes the window down; the window shows this and offers a restart.
 */
export type CoreStatus =
  | { state: 'running'; pid?: number; startedAt: number; restarts: number }
  /** Alive but not answering its heartbeat since `since` (epoch ms): something blocks its event loop. */
  | { state: 'unresponsive'; pid?: number; since: number }
  /** Gone; `reason` is one sentence for the user (exit code or signal, the last stderr line). */
  | { state: 'stopped'; reason: string; at: number }
  | { state: 'starting' };
