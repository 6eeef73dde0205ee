/**
 * A long text as display segments: each line, and each piece of a line longer than
 * `maxSegment` characters, is one row of a virtualized view. A 20 MB document on one line
 * becomes rows of 400 characters rather than one 20 MB text node.
 */

export const DEFAULT_MAX_SEGMENT = 400;

export interface TextSegment {
  /** 1-based line number. */
  line: number;
  /** True for the second and later pieces of a long line. */
  continued: boolean;
  text: string;
}

export interface SegmentIndex {
  /** Where each segment starts in the text. */
  starts: Int32Array;
  /** Each segment's 1-based line number; negative for a continuation piece. */
  lines: Int32Array;
  count: number;
  lineCount: number;
}

/** Builds the index in one pass with `indexOf`, growing typed arrays (no per-line objects). */
export function indexSegments(text: string, maxSegment = DEFAULT_MAX_SEGMENT): SegmentIndex {
  let capacity = Math.max(16, Math.ceil(text.length / 64));
  let starts = new Int32Array(capacity);
  let lines = new Int32Array(capacity);
  let count = 0;
  const push = (start: number, line: number) => {
    if (count === capacity) {
      capacity *= 2;
      const grownStarts = new Int32Array(capacity);
      grownStarts.set(starts);
      starts = grownStarts;
      const grownLines = new Int32Array(capacity);
      grownLines.set(lines);
      lines = grownLines;
    }
    starts[count] = start;
    lines[count] = line;
    count++;
  };
  let line = 1;
  let position = 0;
  while (position <= text.length) {
    const newline = text.indexOf('\n', position);
    const end = newline === -1 ? text.length : newline;
    push(position, line);
    for (let piece = position + maxSegment; piece < end; piece += maxSegment) push(piece, -line);
    if (newline === -1) break;
    position = newline + 1;
    // A final newline does not start another (empty) line.
    if (position === text.length) break;
    line++;
  }
  return { starts: starts.slice(0, count), lines: lines.slice(0, count), count, lineCount: line };
}

/** The text of segment `index` (without its line break). */
export function segmentAt(text: string, index: SegmentIndex, at: number): TextSegment | undefined {
  if (at < 0 || at >= index.count) return undefined;
  const start = index.starts[at]!;
  let end = at + 1 < index.count ? index.starts[at + 1]! : text.length;
  if (end > start && text.charCodeAt(end - 1) === 10) end--;
  if (end > start && text.charCodeAt(end - 1) === 13) end--;
  const line = index.lines[at]!;
  return { line: Math.abs(line), continued: line < 0, text: text.slice(start, end) };
}
