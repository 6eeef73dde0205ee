/**
 * The rows of a traffic log as a filter sees them, addressed by number: a request with its
 * response (the response is the row's `partner`), or a single entry. The window's compact log is
 * one such table; the core reads its record through another (main/core/traffic/record-rows.ts),
 * so a filter means the same in both.
 */
import type { JsonRpcId, RequestOutcome, TrafficKind } from '../traffic.js';

export const KIND_CODES: readonly TrafficKind[] = ['request', 'response', 'error', 'notification', 'batch', 'stderr', 'malformed', 'note', 'http'];
export const KIND = { request: 0, response: 1, error: 2, notification: 3, batch: 4, stderr: 5, malformed: 6, note: 7, http: 8 } as const;

/** A row's outcome: a request's, or `none` for every other row. */
export type RowStatus = RequestOutcome | 'none';

/** Strings interned to small numbers: a table's codes index `values`. */
export interface InternedStrings {
  readonly values: readonly string[];
}

/** Interns strings to small integers, so columns hold numbers and filters compare numbers. */
export class Interner implements InternedStrings {
  readonly values: string[] = [];
  private readonly index = new Map<string, number>();

  constructor(known: Iterable<string> = []) {
    for (const value of known) this.intern(value);
  }

  intern(value: string): number {
    let code = this.index.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.index.set(value, code);
    }
    return code;
  }
}

export interface TrafficRows {
  readonly methods: InternedStrings;
  readonly subjects: InternedStrings;
  readonly servers: InternedStrings;
  /** -1 when the entry has none. */
  methodCode(row: number): number;
  /** What the message acts on (tool, prompt, resource URI); -1 for none. */
  subjectCode(row: number): number;
  serverCode(row: number): number;
  kindCode(row: number): number;
  isIncoming(row: number): boolean;
  /** A response to an id its connection never sent. */
  isOrphan(row: number): boolean;
  /** An MCP App's misstep (`violation`), or a 2026-07-28 exchange whose headers failed their verdict. */
  isViolation(row: number): boolean;
  status(row: number): RowStatus;
  size(row: number): number;
  id(row: number): JsonRpcId | undefined;
  /** The message as on the wire (or its preview), or the stderr/malformed/note line. */
  text(row: number): string;
  /** The row's response, or -1. */
  partner(row: number): number;
  /** The entry is on its server's newest connection (preserve-log off hides the others). */
  isLatestConnection(row: number): boolean;
}
