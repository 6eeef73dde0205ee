/** Messages between the core and its diff thread (diff-thread.ts). */
import type { DiffRow, DiffSummary } from '../../../shared/collections.js';

/** One side of a diff as the thread gets it: a value, JSON text, or a JSON file; `pointer` picks a part of it. */
export type DiffInput =
  | { value: unknown }
  | { json: string; pointer?: string }
  /** A file, whole or (`offset`, `length` in bytes) a part of it. */
  | { file: string; pointer?: string; maxBytes: number; offset?: number; length?: number }
  /** A traffic entry's line in the record on disk: the message is its `raw` text, else its `message`. */
  | { entryLine: { file: string; offset: number; length: number }; pointer?: string };

export type ToDiffThread =
  | { id: number; compute: { diffId: string; before: DiffInput; after: DiffInput; ignore: string[] } }
  | { id: number; rows: { diffId: string; start: number; end: number } }
  | { id: number; close: string }
  /** Writes the input as stable JSON (sorted keys) to `file`, through a temp file and a rename. */
  | { id: number; write: { input: DiffInput; file: string } };

export type FromDiffThread = { id: number; summary: DiffSummary } | { id: number; rows: DiffRow[] } | { id: number; closed: true } | { id: number; written: true } | { id: number; error: string };
