/** How long a request may run. Every field is in milliseconds. */
export interface CallTimeouts {
  timeoutMs: number;
  /** Each progress notification restarts the timeout (the behaviour users expect, inspector #2028). */
  resetTimeoutOnProgress: boolean;
  /** A hard ceiling that progress cannot extend. */
  maxTotalTimeoutMs: number;
}

export const DEFAULT_CALL_TIMEOUTS: CallTimeouts = {
  timeoutMs: 60_000,
  resetTimeoutOnProgress: true,
  maxTotalTimeoutMs: 600_000,
};

export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
