/**
 * A structural diff of two JSON values, as rows for a windowed view: microdiff finds what was
 * added, removed and changed (linear in the values' size; arrays compared index by index), and
 * jsdiff diffs changed long texts by line (bounded by an edit length and a time limit). Runs in
 * the diff thread (diff-thread.ts), never on the core's event loop.
 */
import { diffLines } from 'diff';
import microdiff, { type Difference } from 'microdiff';
import { DIFF_PREVIEW_CHARS, type DiffCounts, type DiffRow } from '../../../shared/collections.js';
import { parsePointer, toPointer, type PathSegment } from '../../../shared/json-pointer.js';

/** Lines of context kept around each changed run of lines. */
const CONTEXT_LINES = 3;
/** A text diff gives up (the text shows as one changed value) past this many edits, or this long. */
const MAX_LINE_EDITS = 20_000;
const LINE_DIFF_TIME_MS = 2_000;
/** A diff keeps at most this many rows; the rest are counted in a note. */
export const MAX_DIFF_ROWS = 500_000;

export interface ValueDiff {
  rows: DiffRow[];
  counts: DiffCounts;
  notes: string[];
}

/** Ignore patterns: JSON Pointers whose `*` segments match any key or index; a change at or below one is left out. */
function ignoreMatcher(patterns: readonly string[]): (path: readonly PathSegment[]) => boolean {
  const parsed = patterns.map((pattern) => {
    try {
      return parsePointer(pattern);
    } catch {
      throw new Error(`The ignore path "${pattern}" is not a JSON Pointer (it starts with /, and * matches any key).`);
    }
  });
  return (path) => parsed.some((pattern) => pattern.length <= path.length && pattern.every((segment, index) => segment === '*' || segment === String(path[index])));
}

function previewOf(value: unknown): string {
  const text = value === undefined ? 'undefined' : (JSON.stringify(value) ?? typeof value);
  return text.length > DIFF_PREVIEW_CHARS ? `${text.slice(0, DIFF_PREVIEW_CHARS)}…` : text;
}

function isLongText(value: unknown): value is string {
  return typeof value === 'string' && (value.includes('\n') || value.length > 200);
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Rows for a changed long text: a header, then changed lines with context, gaps between. */
function textRows(path: string, before: string, after: string, notes: string[]): DiffRow[] | undefined {
  const changes = diffLines(before, after, { maxEditLength: MAX_LINE_EDITS, timeout: LINE_DIFF_TIME_MS });
  if (!changes) {
    notes.push(`The text at ${path || '/'} differs in too many lines to diff by line; it shows as one changed value.`);
    return undefined;
  }
  const lines: Array<{ op: '+' | '-' | ' '; text: string; beforeLine?: number; afterLine?: number }> = [];
  let beforeLine = 1;
  let afterLine = 1;
  let added = 0;
  let removed = 0;
  for (const change of changes) {
    for (const text of splitLines(change.value)) {
      if (change.added) {
        lines.push({ op: '+', text, afterLine: afterLine++ });
        added++;
      } else if (change.removed) {
        lines.push({ op: '-', text, beforeLine: beforeLine++ });
        removed++;
      } else lines.push({ op: ' ', text, beforeLine: beforeLine++, afterLine: afterLine++ });
    }
  }
  const keep = new Uint8Array(lines.length);
  lines.forEach((line, index) => {
    if (line.op === ' ') return;
    for (let near = Math.max(0, index - CONTEXT_LINES); near <= Math.min(lines.length - 1, index + CONTEXT_LINES); near++) keep[near] = 1;
  });
  const rows: DiffRow[] = [{ kind: 'text', path, linesAdded: added, linesRemoved: removed }];
  let skipped = 0;
  lines.forEach((line, index) => {
    if (!keep[index]) {
      skipped++;
      return;
    }
    if (skipped > 0) rows.push({ kind: 'gap', path, lines: skipped });
    skipped = 0;
    const text = line.text.length > DIFF_PREVIEW_CHARS ? `${line.text.slice(0, DIFF_PREVIEW_CHARS)}…` : line.text;
    rows.push({ kind: 'line', path, op: line.op, text, ...(line.beforeLine !== undefined ? { beforeLine: line.beforeLine } : {}), ...(line.afterLine !== undefined ? { afterLine: line.afterLine } : {}) });
  });
  if (skipped > 0) rows.push({ kind: 'gap', path, lines: skipped });
  return rows;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

function differences(before: unknown, after: unknown): Difference[] {
  if (isContainer(before) && isContainer(after) && Array.isArray(before) === Array.isArray(after)) return microdiff(before, after);
  if (before === after || (Number.isNaN(before) && Number.isNaN(after))) return [];
  if (before === undefined) return [{ type: 'CREATE', path: [], value: after }];
  if (after === undefined) return [{ type: 'REMOVE', path: [], oldValue: before }];
  return [{ type: 'CHANGE', path: [], value: after, oldValue: before }];
}

export function diffValues(before: unknown, after: unknown, ignore: readonly string[] = []): ValueDiff {
  const ignored = ignoreMatcher(ignore);
  const rows: DiffRow[] = [];
  const counts: DiffCounts = { added: 0, removed: 0, changed: 0 };
  const notes: string[] = [];
  let dropped = 0;
  const push = (...more: DiffRow[]) => {
    for (const row of more) {
      if (rows.length < MAX_DIFF_ROWS) rows.push(row);
      else dropped++;
    }
  };
  for (const difference of differences(before, after)) {
    if (ignored(difference.path)) continue;
    const path = toPointer(difference.path);
    if (difference.type === 'CREATE') {
      counts.added++;
      push({ kind: 'added', path, after: previewOf(difference.value) });
    } else if (difference.type === 'REMOVE') {
      counts.removed++;
      push({ kind: 'removed', path, before: previewOf(difference.oldValue) });
    } else {
      counts.changed++;
      const lineRows = isLongText(difference.oldValue) && isLongText(difference.value) ? textRows(path, difference.oldValue, difference.value, notes) : undefined;
      push(...(lineRows ?? [{ kind: 'changed', path, before: previewOf(difference.oldValue), after: previewOf(difference.value) }]));
    }
  }
  if (dropped > 0) notes.push(`The diff has ${dropped.toLocaleString('en-US')} more rows than the ${MAX_DIFF_ROWS.toLocaleString('en-US')} Loupe keeps.`);
  return { rows, counts, notes };
}
