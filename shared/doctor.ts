/**
 * The connection doctor (issue 39, item 1): checks run in order on one server, each with what it
 * saw and, when it failed, the fix. `doctor.run` answers with a DoctorReport; `loupe doctor`
 * prints the same report.
 */

/** `warn` does not fail the report (a browser-only concern, say); `skipped` follows a failed check it needed. */
export type DoctorCheckStatus = 'pass' | 'fail' | 'warn' | 'skipped';

export interface DoctorCheck {
  /** Stable id, for scripts: `command-found`, `tls`, `endpoint-path`… */
  id: string;
  title: string;
  status: DoctorCheckStatus;
  /** What the check saw, in one or a few sentences; the server's own words have invisible characters written out. */
  saw: string;
  /** What to do about a failure (or a warning), in one sentence. */
  fix?: string;
  /** A command to copy that carries out the fix, where one fits. */
  command?: string;
  /** Lines the server wrote that the check quotes (a stray stdout line, stderr), bounded. */
  lines?: string[];
  tookMs?: number;
}

export interface DoctorReport {
  serverId: string;
  serverName: string;
  transport: 'stdio' | 'streamable-http' | 'sse';
  /** The traffic of the doctor's own exchanges is recorded under this connection id. */
  connectionId: string;
  checks: DoctorCheck[];
  /** True when no check failed. */
  ok: boolean;
  tookMs: number;
}

export const DOCTOR_LIMITS = {
  /** Each check gives up after this long (a DNS lookup, a TCP connect, initialize). */
  checkTimeoutMs: 10_000,
  /** Lines of stdout or stderr a check quotes, and the characters kept of each. */
  quotedLines: 10,
  quotedLineChars: 500,
  /** The most of a response body read to judge it. */
  bodyChars: 64 * 1024,
} as const;
