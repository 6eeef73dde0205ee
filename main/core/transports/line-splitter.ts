const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Splits a byte stream into lines in linear time: each chunk is scanned once, and a partial
 * line is kept as a list of chunks that is joined only when its newline arrives.
 * (Concatenating and rescanning the whole buffer on every chunk is quadratic on a 20 MB message.)
 */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly onLine: (line: Buffer) => void) {}

  push(chunk: Buffer): void {
    let start = 0;
    let newline = chunk.indexOf(NEWLINE, start);
    while (newline !== -1) {
      this.emit(chunk.subarray(start, newline));
      start = newline + 1;
      newline = chunk.indexOf(NEWLINE, start);
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      this.pending.push(rest);
      this.pendingBytes += rest.length;
    }
  }

  /** Emits what is left as a last line (the stream ended without a newline). */
  end(): void {
    if (this.pendingBytes > 0) this.emit(Buffer.alloc(0));
  }

  private emit(tail: Buffer): void {
    let line = tail;
    if (this.pending.length > 0) {
      line = Buffer.concat([...this.pending, tail], this.pendingBytes + tail.length);
      this.pending = [];
      this.pendingBytes = 0;
    }
    if (line.length > 0 && line[line.length - 1] === CARRIAGE_RETURN) line = line.subarray(0, line.length - 1);
    this.onLine(line);
  }
}
