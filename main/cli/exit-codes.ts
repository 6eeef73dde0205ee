/** What the `loupe` command exits with; scripts and CI branch on these. */
export const EXIT = {
  ok: 0,
  /** The request failed, or the tool answered with `isError: true`. */
  callFailed: 1,
  /** The command line is wrong (unknown option, bad JSON, missing name). */
  usage: 2,
  /** The server could not be reached, or did not complete the handshake. */
  connectionFailed: 3,
  /** Anything else: the data folder cannot be read, the record file cannot be written. */
  internal: 4,
  /** `loupe lint` found something at or above its --fail-on level; `loupe load` saw failed calls. */
  findings: 5,
} as const;

/** A mistake in the command line: printed as is, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
