import { IdleRelease } from '../base/idle-release.js';

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** Lines longer than this are not assembled: a string that size could not even be made. */
export const DEFAULT_MAX_LINE_BYTES = 128 * 1024 * 1024;
/** How much of an oversized line is kept to show. */
export const OVERSIZED_PREVIEW_BYTES = 4096;
/** A line this long leaves its buffer to join the next long line into. */
const REUSE_MIN_BYTES = 1024 * 1024;

function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${bytes.toLocaleString('en')} bytes`;
}

/** The sentence an oversized line's entry carries. */
export function oversizedProblem(stream: string, size: number, limit: number): string {
  return `A ${stream} line of ${size.toLocaleString('en')} bytes, over Loupe's limit of ${megabytes(limit)}: only its start is kept, the rest was skipped.`;
}

export interface LineSplitterOptions {
  maxLineBytes?: number;
  /** A line past the limit: its start, and its whole length once its newline (or the end) came. */
  onOversized?: (preview: Buffer, totalBytes: number) => void;
}

/**
 * Splits a byte stream into lines in linear time: each chunk is scanned once, and a partial
 * line is kept as a list of chunks that is joined only when its newline arrives.
 * (Concatenating and rescanning the whole buffer on every chunk is quadratic on a 20 MB message.)
 * A line longer than `maxLineBytes` is never held whole: its start is kept, the rest is counted
 * and skipped up to the next newline, and it is reported through `onOversized`.
 * The line handed to `onLine` is valid during that call only: a long line's buffer is reused for
 * the next long line, since a fresh 25 MB buffer costs the first writing of every page (~90 ms on
 * a small VM) each time a server sends a large result.
 */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Set while skipping an oversized line: its preview and how many bytes it has had so far. */
  private oversized: { preview: Buffer; bytes: number } | undefined;
  private readonly maxLineBytes: number;
  /** The buffer the last long line was joined in, kept for the next one. */
  private reusable: Buffer | undefined;
  private readonly reusableIdle = new IdleRelease(() => (this.reusable = undefined));

  constructor(
    private readonly onLine: (line: Buffer) => void,
    private readonly options: LineSplitterOptions = {},
  ) {
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  }

  push(chunk: Buffer): void {
    let start = 0;
    let newline = chunk.indexOf(NEWLINE, start);
    while (newline !== -1) {
      this.complete(chunk.subarray(start, newline));
      start = newline + 1;
      newline = chunk.indexOf(NEWLINE, start);
    }
    if (start < chunk.length) this.hold(chunk.subarray(start));
  }

  /** Emits what is left as a last line (the stream ended without a newline). */
  end(): void {
    if (this.oversized || this.pendingBytes > 0) this.complete(Buffer.alloc(0));
  }

  private hold(part: Buffer): void {
    if (this.oversized) {
      this.oversized.bytes += part.length;
      return;
    }
    if (this.pendingBytes + part.length > this.maxLineBytes) {
      this.startSkipping(part);
      return;
    }
    this.pending.push(part);
    this.pendingBytes += part.length;
  }

  private complete(tail: Buffer): void {
    if (!this.oversized && this.pendingBytes + tail.length > this.maxLineBytes) this.startSkipping(tail);
    else if (this.oversized) this.oversized.bytes += tail.length;
    if (this.oversized) {
      const { preview, bytes } = this.oversized;
      this.oversized = undefined;
      this.options.onOversized?.(preview, bytes);
      return;
    }
    let line = tail;
    if (this.pending.length > 0) {
      line = this.join(tail);
      this.pending = [];
      this.pendingBytes = 0;
    }
    if (line.length > 0 && line[line.length - 1] === CARRIAGE_RETURN) line = line.subarray(0, line.length - 1);
    this.onLine(line);
  }

  /** What was held plus `tail`, in one buffer. */
  private join(tail: Buffer): Buffer {
    const size = this.pendingBytes + tail.length;
    if (size < REUSE_MIN_BYTES) return Buffer.concat([...this.pending, tail], size);
    let line: Buffer;
    if (this.reusable && this.reusable.length >= size) {
      let offset = 0;
      for (const part of this.pending) offset += part.copy(this.reusable, offset);
      tail.copy(this.reusable, offset);
      line = this.reusable.subarray(0, size);
    } else {
      line = Buffer.concat([...this.pending, tail], size);
      this.reusable = line;
    }
    this.reusableIdle.used();
    return line;
  }

  /** Keeps the start of what was held plus `part`, drops the rest, and counts from here on. */
  private startSkipping(part: Buffer): void {
    this.oversized = { preview: firstBytes([...this.pending, part], OVERSIZED_PREVIEW_BYTES), bytes: this.pendingBytes + part.length };
    this.pending = [];
    this.pendingBytes = 0;
  }
}

/** A copy of the first `count` bytes of the buffers, without joining them all. */
function firstBytes(buffers: readonly Buffer[], count: number): Buffer {
  const parts: Buffer[] = [];
  let taken = 0;
  for (const buffer of buffers) {
    if (taken >= count) break;
    const part = buffer.subarray(0, count - taken);
    parts.push(part);
    taken += part.length;
  }
  return Buffer.concat(parts, taken);
}
